// A local Web Push service for tests, in the role of FCM / Mozilla autopush / Apple's service: it
// hands out subscriptions (a browser's P-256 key pair and auth secret, as PushManager.subscribe
// makes them), receives what a sender POSTs to their endpoints, checks the VAPID header (RFC 8292)
// and decrypts the aes128gcm body (RFC 8291 + RFC 8188) with node:crypto, as the browser would.
// A subscription can be made "gone": the service then answers 410, as a real one does for a
// subscription the user revoked.
//
// HTTPS when given a certificate (subscriptions must be https URLs, as the database checks), else
// HTTP. Test-only; listens on 127.0.0.1.
import {
  createECDH,
  createDecipheriv,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface PushSubscriptionKeys {
  endpoint: string;
  /** The browser's public key, uncompressed P-256 point, base64url (PushSubscription.getKey('p256dh')). */
  p256dh: string;
  /** 16 random bytes, base64url (PushSubscription.getKey('auth')). */
  auth: string;
}

export interface ReceivedPush {
  /** The decrypted body as text (the sender's JSON, for us). */
  text: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims (aud, exp, sub), checked against the `k=` key. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

interface Slot {
  ecdh: ECDH;
  auth: Buffer;
  received: ReceivedPush[];
  /** Status the next requests get instead of 201 (410 = gone; 500 = a service failure). */
  answer?: number;
  waiters: (() => void)[];
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291 §3.4 + RFC 8188: the body of an aes128gcm push message, decrypted with the receiver's
 * key pair and auth secret. Throws on anything malformed (a real service would show nothing).
 */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('push body too short for the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen); // the sender's ephemeral public key
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not a P-256 public key');
  if (rs < 18) throw new Error(`record size ${rs} too small`);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // HKDF-SHA-256, each output ≤ 32 bytes, so one HMAC per expand.
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let seq = 0, offset = 0; offset < records.length; seq++, offset += rs) {
    const record = records.subarray(offset, Math.min(offset + rs, records.length));
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8); // seq < 2^32 here
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // Padding: the delimiter (2 = last record, 1 = another follows) then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = offset + rs >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

/** RFC 8292: `Authorization: vapid t=<ES256 JWT>, k=<public key>`; signature and claims checked. */
export function checkVapid(
  authorization: string | undefined,
  endpointOrigin: string,
): ReceivedPush['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, payload, signature] = m[1].split('.');
  if (!header || !payload || !signature) throw new Error('malformed VAPID JWT');
  const raw = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID aud ${claims.aud} ≠ ${endpointOrigin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID JWT expired');
  return { ...claims, publicKey: m[2] };
}

export interface PushService {
  origin: string;
  /** A new subscription on this service (a fresh key pair and auth secret). */
  subscribe(): PushSubscriptionKeys;
  /** What the endpoint received so far, decrypted. */
  received(endpoint: string): ReceivedPush[];
  /** Resolves once the endpoint has received `count` messages (the test's timeout bounds it). */
  waitFor(endpoint: string, count?: number): Promise<ReceivedPush[]>;
  /** From now on the endpoint answers `status` (410: the subscription is gone). */
  answer(endpoint: string, status: number | undefined): void;
  /** Requests refused (bad VAPID, undecryptable body): should stay empty. */
  errors: string[];
  close(): Promise<void>;
}

export async function startPushService(tls?: { cert: string; key: string }): Promise<PushService> {
  const slots = new Map<string, Slot>();
  const errors: string[] = [];
  let origin = '';

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1];
      const slot = id ? slots.get(id) : undefined;
      if (req.method !== 'POST' || !slot) {
        res.writeHead(404).end();
        return;
      }
      if (slot.answer) {
        res.writeHead(slot.answer).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        if (!req.headers.ttl) throw new Error('no TTL header');
        const vapid = checkVapid(req.headers.authorization, origin);
        const text = decryptAes128gcm(Buffer.concat(chunks), slot.ecdh, slot.auth).toString('utf8');
        slot.received.push({ text, headers: req.headers, vapid });
        for (const wake of slot.waiters.splice(0)) wake();
        res.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (err) {
        errors.push(`${req.url}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const slotOf = (endpoint: string): Slot => {
    const slot = slots.get(endpoint.slice(`${origin}/push/`.length));
    if (!slot) throw new Error(`not an endpoint of this push service: ${endpoint}`);
    return slot;
  };

  return {
    origin,
    errors,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      slots.set(id, { ecdh, auth, received: [], waiters: [] });
      return {
        endpoint: `${origin}/push/${id}`,
        p256dh: b64u(ecdh.getPublicKey()),
        auth: b64u(auth),
      };
    },
    received: (endpoint) => [...slotOf(endpoint).received],
    waitFor(endpoint, count = 1) {
      const slot = slotOf(endpoint);
      return new Promise((resolve) => {
        const check = () => {
          if (slot.received.length >= count) resolve([...slot.received]);
          else slot.waiters.push(check);
        };
        check();
      });
    },
    answer(endpoint, status) {
      slotOf(endpoint).answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
