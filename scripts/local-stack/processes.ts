// Child processes and ports of the local stack: free ports, start-up log tails, processes tied to
// this one's life, and stopping them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/** A TCP port that was free a moment ago (the OS picks it). */
export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a free port'));
      });
    });
  });
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      // No IPv6 on this machine: nothing can be listening there either.
      resolve(err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function assertPortFree(port: number, what: string): Promise<void> {
  const free = (await canListen(port, '127.0.0.1')) && (await canListen(port, '::1'));
  if (!free) {
    throw new Error(
      `Port ${port} (${what}) is already in use. Another local stack (npm run stack / npm run dev) ` +
        `or another program is listening there; stop it (see \`ss -ltnp | grep ${port}\`) and try again.`,
    );
  }
}

/** Keeps the last lines a child printed so a failure can show them. */
export class LogTail {
  private lines: string[] = [];
  constructor(
    private readonly prefix: string,
    private readonly log: (line: string) => void,
    private readonly forward: (line: string) => boolean,
  ) {}
  push(chunk: Buffer | string): void {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > 40) this.lines.shift();
      if (this.forward(line)) this.log(`[${this.prefix}] ${line}`);
    }
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Spawns `command` so that it receives `signal` when this process dies, even by SIGKILL, through
 * util-linux `setpriv --pdeathsig` where available (Linux). Otherwise plain spawn.
 */
export function spawnTied(
  command: string,
  args: string[],
  signal: 'INT' | 'TERM',
  options: Parameters<typeof spawn>[2],
): ChildProcess {
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  if (process.platform === 'linux' && setpriv) {
    return spawn(setpriv, ['--pdeathsig', signal, '--', command, ...args], options);
  }
  return spawn(command, args, options);
}

export function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // its process group (spawned detached)
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}
