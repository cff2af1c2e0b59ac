// The gateway's request body limits (scripts/local-stack/gateway.ts, docs/local-stack.md): 1 MB for
// /rest/v1 and /auth/v1, 6 MB for rpc/import_bank_statement only. An oversized body is refused
// with 413 quickly — on its Content-Length before it is read, or while a chunked body streams —
// and nothing is written; a body just under the limit goes through.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, bodyLimitFor } from '../../scripts/local-stack/gateway';
import { adminDb, createMember, stackEnv } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

const MB = 1024 * 1024;
const IMPORT_PATH = '/rest/v1/rpc/import_bank_statement';

let db: pg.Pool;
let member: Member;
let token: string;
let accountId: string;

beforeAll(async () => {
  db = adminDb();
  member = await createMember('Construtora Limites');
  const { data } = await member.client.auth.getSession();
  token = data.session?.access_token ?? '';
  expect(token).not.toBe('');
  accountId = (await createBankAccount(member, 0)).id;
});
afterAll(async () => {
  await db.end();
});

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: stackEnv().anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    ...extra,
  };
}

/** fetch's body type wants bytes on a plain ArrayBuffer; Buffer's may be pooled. */
function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer);
}

/** A JSON body of exactly `size` bytes: `json` followed by spaces (valid JSON whitespace). */
function padded(json: string, size: number): Uint8Array<ArrayBuffer> {
  const head = Buffer.from(json);
  expect(head.length).toBeLessThanOrEqual(size);
  return bytes(Buffer.concat([head, Buffer.alloc(size - head.length, ' ')]));
}

/** A 50 MB JSON text: one import line whose memo is 50 MB of junk. */
function hugeImportBody(fitid: string): Uint8Array<ArrayBuffer> {
  const json = JSON.stringify({
    p_bank_account_id: accountId,
    p_source: 'ofx',
    p_file_name: 'enorme.ofx',
    p_lines: [{ fitid, posted_on: '2026-11-02', amount: '-1.00', memo: 'MEMO' }],
  });
  const at = json.indexOf('MEMO');
  return bytes(
    Buffer.concat([
      Buffer.from(json.slice(0, at)),
      Buffer.alloc(50 * MB, 'x'),
      Buffer.from(json.slice(at + 'MEMO'.length)),
    ]),
  );
}

/** The same bytes as a chunked stream (no Content-Length), 1 MB at a time. */
function chunked(body: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.subarray(offset, offset + MB));
      offset += MB;
    },
  });
}

async function statementLines(fitid: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.bank_statement_lines where fitid = $1',
    [fitid],
  );
  return rows[0]?.n ?? -1;
}

async function suppliersNamed(prefix: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.suppliers where company_id = $1 and name like $2',
    [member.company.id, `${prefix}%`],
  );
  return rows[0]?.n ?? -1;
}

describe('request body limits', () => {
  it('documents 1 MB for REST and auth, 6 MB for rpc/import_bank_statement only', () => {
    expect(BODY_LIMIT).toBe(1 * MB);
    expect(bodyLimitFor(IMPORT_PATH)).toBe(6 * MB);
    expect(bodyLimitFor('/rest/v1/rpc/create_company')).toBe(1 * MB);
    expect(bodyLimitFor('/rest/v1/suppliers')).toBe(1 * MB);
    expect(bodyLimitFor('/auth/v1/signup')).toBe(1 * MB);
  });

  it('refuses a 50 MB import_bank_statement body with 413 (PGRST413), quickly, writing nothing', async () => {
    const fitid = `HUGE-${randomUUID()}`;
    const started = Date.now();
    const res = await fetch(`${stackEnv().apiUrl}${IMPORT_PATH}`, {
      method: 'POST',
      headers: headers(),
      body: hugeImportBody(fitid),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await statementLines(fitid)).toBe(0);
  });

  it('refuses a 50 MB chunked import body (no Content-Length) once it passes the limit', async () => {
    const fitid = `CHUNKED-${randomUUID()}`;
    const started = Date.now();
    const res = await fetch(`${stackEnv().apiUrl}${IMPORT_PATH}`, {
      method: 'POST',
      headers: headers(),
      body: chunked(hugeImportBody(fitid)),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PGRST413' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await statementLines(fitid)).toBe(0);
  });

  it('refuses a 50 MB REST insert with 413, writing nothing; chunked too', async () => {
    const name = `Fornecedor enorme ${randomUUID()}`;
    const body = () =>
      bytes(
        Buffer.concat([
          Buffer.from(
            JSON.stringify({ company_id: member.company.id, name, notes: '' }).slice(0, -2),
          ),
          Buffer.alloc(50 * MB, 'x'),
          Buffer.from('"}'),
        ]),
      );
    const started = Date.now();
    const res = await fetch(`${stackEnv().apiUrl}/rest/v1/suppliers`, {
      method: 'POST',
      headers: headers(),
      body: body(),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PGRST413' });
    const streamed = await fetch(`${stackEnv().apiUrl}/rest/v1/suppliers`, {
      method: 'POST',
      headers: headers(),
      body: chunked(body()),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await suppliersNamed(name)).toBe(0);
  });

  it('lets a REST insert just under 1 MB through, and refuses one byte more', async () => {
    const name = `Fornecedor no limite ${randomUUID()}`;
    const json = JSON.stringify({ company_id: member.company.id, name });
    const ok = await fetch(`${stackEnv().apiUrl}/rest/v1/suppliers`, {
      method: 'POST',
      headers: headers(),
      body: padded(json, BODY_LIMIT),
    });
    expect(ok.status).toBe(201);
    expect(await suppliersNamed(name)).toBe(1);

    const over = await fetch(`${stackEnv().apiUrl}/rest/v1/suppliers`, {
      method: 'POST',
      headers: headers(),
      body: padded(
        JSON.stringify({ company_id: member.company.id, name: `${name} 2` }),
        BODY_LIMIT + 1,
      ),
    });
    expect(over.status).toBe(413);
    expect(await suppliersNamed(`${name} 2`)).toBe(0);
  });

  it('lets an import just under 6 MB through; 1.5 MB to any other function is refused', async () => {
    const fitid = `UNDER-${randomUUID()}`;
    const json = JSON.stringify({
      p_bank_account_id: accountId,
      p_source: 'ofx',
      p_file_name: 'extrato.ofx',
      p_lines: [{ fitid, posted_on: '2026-11-02', amount: '-12.50', memo: 'PIX ENVIADO' }],
    });
    const res = await fetch(`${stackEnv().apiUrl}${IMPORT_PATH}`, {
      method: 'POST',
      headers: headers(),
      body: padded(json, 6 * MB - 1024),
    });
    expect(res.status).toBe(200);
    expect(await statementLines(fitid)).toBe(1);

    const other = await fetch(`${stackEnv().apiUrl}/rest/v1/rpc/create_company`, {
      method: 'POST',
      headers: headers(),
      body: padded(JSON.stringify({ p_name: 'Grande Demais', p_full_name: 'X' }), 1.5 * MB),
    });
    expect(other.status).toBe(413);
    expect(await other.json()).toMatchObject({ code: 'PGRST413' });
  });

  it('refuses a 2 MB auth body with 413 request_too_large, announced or chunked', async () => {
    const body = padded(JSON.stringify({ email: 'x@example.com', password: 'senha-123' }), 2 * MB);
    const announced = await fetch(`${stackEnv().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stackEnv().anonKey, 'content-type': 'application/json' },
      body,
    });
    expect(announced.status).toBe(413);
    expect(await announced.json()).toMatchObject({ error_code: 'request_too_large' });
    const streamed = await fetch(`${stackEnv().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stackEnv().anonKey, 'content-type': 'application/json' },
      body: chunked(body),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ error_code: 'request_too_large' });
  });
});
