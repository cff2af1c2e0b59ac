// `npm run stack`: the embedded local Supabase stack on the Supabase CLI's ports, with its data
// kept in .local/db (created and seeded on first start). A development stand-in, never a
// production server. Ctrl-C stops everything.
import {
  DEV_API_PORT,
  DEV_DATA_DIR,
  DEV_DB_PORT,
  DEV_MAIL_SMTP_PORT,
  DEV_MAIL_WEB_PORT,
  startStack,
} from './local-stack/stack';

async function main(): Promise<void> {
  const started = Date.now();
  const stack = await startStack({
    dataDir: DEV_DATA_DIR,
    persistent: true,
    apiPort: DEV_API_PORT,
    dbPort: DEV_DB_PORT,
    seed: true,
    mail: { smtpPort: DEV_MAIL_SMTP_PORT, webPort: DEV_MAIL_WEB_PORT },
    functions: true,
    schedule: true,
    log: (line) => console.log(line),
  });
  console.log(`
Local Supabase stand-in running (started in ${((Date.now() - started) / 1000).toFixed(1)} s)
  API URL:          ${stack.apiUrl}
  DB URL:           ${stack.dbUrl}
  data folder:      ${DEV_DATA_DIR}
  anon key:         ${stack.anonKey}
  service_role key: ${stack.serviceRoleKey}
  functions:        ${stack.functionsUrl}/<name> (supabase/functions, Deno; notify every minute)
  e-mail inbox:     ${stack.mailUrl} (SMTP 127.0.0.1:${stack.smtpPort})
Press Ctrl-C to stop.`);

  const shutdown = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping the local stack…`);
    void stack.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
