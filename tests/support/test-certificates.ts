// A throwaway certificate authority and a certificate it signed for 127.0.0.1 (openssl), so that a
// test's local push service can speak https (push subscriptions are https URLs) to the Edge
// Functions' Deno, which trusts the authority through DENO_CERT. Test-only.
// Used by the functions project's and the browser journeys' global set-ups.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestCertificates {
  /** The authority plus NODE_EXTRA_CA_CERTS (a proxy that inspects TLS), for DENO_CERT. */
  trusted: string;
  /** The push service's certificate and key (PEM files). */
  cert: string;
  key: string;
}

export function makeTestCertificates(dir: string): TestCertificates {
  const f = (name: string) => path.join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', f('ca.key')]);
  run([
    'req',
    '-x509',
    '-new',
    '-key',
    f('ca.key'),
    '-days',
    '2',
    '-subj',
    '/CN=App Financas test CA',
    '-out',
    f('ca.pem'),
  ]);
  run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', f('push.key')]);
  run(['req', '-new', '-key', f('push.key'), '-subj', '/CN=127.0.0.1', '-out', f('push.csr')]);
  writeFileSync(
    f('push.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n',
  );
  run([
    'x509',
    '-req',
    '-in',
    f('push.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    f('push.ext'),
    '-out',
    f('push.pem'),
  ]);
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  writeFileSync(
    f('trusted.pem'),
    readFileSync(f('ca.pem'), 'utf8') +
      (extra && existsSync(extra) ? `\n${readFileSync(extra, 'utf8')}` : ''),
  );
  return { trusted: f('trusted.pem'), cert: f('push.pem'), key: f('push.key') };
}
