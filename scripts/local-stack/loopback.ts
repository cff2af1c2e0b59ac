// The local stack only ever listens on this machine's loopback interface: it is a development
// stand-in with public demo keys and passwords, and must never be reachable from a network.
import net from 'node:net';

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (brackets of a URL host allowed). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

/** Refuses to bind anything but a loopback address (`localhost` included). */
export function assertLoopbackHost(host: string): void {
  if (host === 'localhost' || isLoopbackAddress(host)) return;
  throw new Error(
    `The local stack binds only to loopback addresses (127.0.0.1, ::1, localhost), not ${host}: ` +
      'it is a development stand-in with public keys and passwords, never a server for a network.',
  );
}
