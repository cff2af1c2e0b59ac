// The local stack's mail catcher: maildev (SMTP + a web inbox + its REST API, its own process)
// on 127.0.0.1, in the role of the Supabase CLI's local inbox. The notify function and the auth
// stand-in send to its SMTP port over nodemailer; nothing leaves the machine. Mail is kept in
// memory (gone when the stack stops). Development and test stand-in only.
import path from 'node:path';
import nodemailer from 'nodemailer';
import { REPO_ROOT } from './config';
import { killTree, LogTail, sleep, spawnTied, waitForExit } from './processes';

export interface MailCatcher {
  smtpPort: number;
  /** The web inbox; its REST API is under /api (GET /api/email, DELETE /api/email/all). */
  webUrl: string;
  stop(): Promise<void>;
  killNow(): void;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The From of the stack's own mails (auth stand-in) and the function's default SMTP_FROM. */
export const LOCAL_MAIL_FROM = 'App Finanças <nao-responda@appfinancas.local>';

const MAILDEV_BIN = path.join(REPO_ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/**
 * maildev in its own process (its modules take ~2 s to load on a busy machine: in ours that would
 * stall the stack's start; beside it, it loads while Postgres starts). Ports chosen by the caller
 * (free ones for tests), so its URLs are known before it answers. Ready when /api/healthz answers.
 */
export async function startMailCatcher(
  ports: { smtpPort: number; webPort: number },
  log: (line: string) => void,
): Promise<MailCatcher> {
  const tail = new LogTail('mail', log, (l) => !/^MailDev (API|SMTP)|running at/i.test(l));
  const child = spawnTied(
    process.execPath,
    [
      MAILDEV_BIN,
      '--smtp',
      String(ports.smtpPort),
      '--web',
      String(ports.webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    'TERM',
    {
      // maildev reads a maildev.config.js / .maildevrc.json of its working folder: the checkout's.
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  child.stdout?.on('data', (c: Buffer) => tail.push(c));
  child.stderr?.on('data', (c: Buffer) => tail.push(c));
  let exited = false;
  child.once('exit', () => (exited = true));
  const webUrl = `http://127.0.0.1:${ports.webPort}`;
  const stop = async () => {
    killTree(child, 'SIGTERM');
    if (!(await waitForExit(child, 5000))) {
      killTree(child, 'SIGKILL');
      await waitForExit(child, 2000);
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`the mail catcher (maildev) exited during start:\n${tail.text()}`);
    const ok = await fetch(`${webUrl}/api/healthz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the mail catcher did not answer on ${webUrl}:\n${tail.text()}`);
    }
    await sleep(50);
  }
  return { smtpPort: ports.smtpPort, webUrl, stop, killNow: () => killTree(child, 'SIGKILL') };
}

/** Sends through the catcher's SMTP port (the auth stand-in's mails). */
export function smtpSender(smtpPort: number): (mail: OutgoingMail) => Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  return async (mail) => {
    await transport.sendMail({ from: LOCAL_MAIL_FROM, ...mail });
  };
}
