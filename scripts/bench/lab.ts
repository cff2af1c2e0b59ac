// `npm run bench:lab`: a company of --scale entries (default 200k) in a database that stays, for
// reading plans while changing a migration. The first start grows the bench's company (as
// `npm run bench -- --scale` does, about 10 minutes here) and notes its ids in <dir>/company.json;
// later starts reuse it and apply any new migration first (the stack applies pending ones on
// start). It prints how to reach it and runs until Ctrl-C.
//   psql "$ADMIN_URL" -f <dir>/as-member.sql   then the call, e.g. explain (analyze, buffers) …
// Options: --dir (default /tmp/app-financas-lab), --scale, --db-port (55432), --api-port (55421).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startStack } from '../local-stack/stack';
import { grow, makeCompany, parseScale } from './scale';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/app-financas-lab' },
    scale: { type: 'string', default: '200k' },
    'db-port': { type: 'string', default: '55432' },
    'api-port': { type: 'string', default: '55421' },
  },
});
const log = (line: string) => console.error(`[lab] ${line}`);
const dir = path.resolve(values.dir);
const noted = path.join(dir, 'company.json');
fs.mkdirSync(dir, { recursive: true });

const stack = await startStack({
  dataDir: path.join(dir, 'db'),
  persistent: true,
  apiPort: Number(values['api-port']),
  dbPort: Number(values['db-port']),
  seed: true,
  log: (line) => (line.startsWith('[stack]') ? log(line) : undefined),
});

if (!fs.existsSync(noted)) {
  const target = parseScale(values.scale);
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 1 });
  try {
    const company = await makeCompany(stack.apiUrl, stack.anonKey, db);
    const { data } = await company.supabase.auth.getUser();
    log(`growing the company to ${target} entries…`);
    const t0 = performance.now();
    await grow(db, company.companyId, 0, target);
    log(`grown in ${Math.round((performance.now() - t0) / 1000)} s`);
    await db.query('vacuum analyze');
    const { supabase: _client, ...ids } = company;
    fs.writeFileSync(noted, JSON.stringify({ ...ids, userId: data.user?.id }, null, 2));
  } finally {
    await db.end();
  }
}

const company = JSON.parse(fs.readFileSync(noted, 'utf8')) as { userId: string };
fs.writeFileSync(
  path.join(dir, 'as-member.sql'),
  `-- As the bench company's member, as PostgREST runs a call (psql -f, then the statement).\n` +
    `select set_config('request.jwt.claims', '${JSON.stringify({ sub: company.userId, role: 'authenticated' })}', false);\n` +
    `set role authenticated;\n`,
);
log(`ready: ADMIN_URL=${stack.adminDbUrl}`);
log(`company: ${noted}; as the member: psql "$ADMIN_URL" -f ${path.join(dir, 'as-member.sql')}`);
process.stdin.resume();
