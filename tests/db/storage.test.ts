// The Storage stand-in of the local stack through supabase-js (as the app will call it), with the
// `documentos` bucket and its storage.objects policies from the migrations deciding who may do what.
// Refusals assert Storage's own answer: the HTTP status and the body's statusCode and message.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminDb,
  anonClient,
  createMember,
  createUser,
  serviceClient,
  stackEnv,
  type Company,
  type TestClient,
} from './helpers';
import { createBankAccount, settlePayable, type Member } from './money-helpers';

const BUCKET = 'documentos';

// The first bytes of each kind of file the bucket takes, padded to a size.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 1),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(300, 2),
]);
const HEIC = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.alloc(300, 3),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00"></nfeProc>');
// A Windows executable's header ("MZ"): what an .exe renamed .jpg carries.
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(1000, 0),
]);

/** The StorageApiError a refusal must be: HTTP status, body statusCode and code, message. */
function storageError(status: number, statusCode: string, code: string, message: string | RegExp) {
  return {
    name: 'StorageApiError',
    status,
    statusCode,
    code,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  };
}
const RLS_DENIED = storageError(
  400,
  '403',
  'AccessDenied',
  'new row violates row-level security policy',
);
const NOT_FOUND = storageError(400, '404', 'NoSuchKey', 'Object not found');

/** A POST of a small PDF with the path sent byte for byte as given. */
function rawRequest(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(url);
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method: 'POST', path: url.slice(pathStart), headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(PDF);
  });
}

let member: { client: TestClient; user: { id: string }; company: Company };
let other: { client: TestClient; user: { id: string }; company: Company };
let outsider: { client: TestClient };

const pathIn = (company: Company, name = 'nota.pdf') =>
  `${company.id}/lancamentos/${randomUUID()}-${name}`;

beforeAll(async () => {
  [member, other, outsider] = await Promise.all([createMember(), createMember(), createUser()]);
});

describe('the documentos bucket', () => {
  it('is private, 10 MB, photos, PDF and XML only, with no update policy', async () => {
    const db = adminDb(1);
    try {
      const { rows } = await db.query<{
        public: boolean;
        file_size_limit: string;
        allowed_mime_types: string[];
      }>(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [
        BUCKET,
      ]);
      expect(rows).toEqual([
        {
          public: false,
          file_size_limit: String(10 * 1024 * 1024),
          allowed_mime_types: [
            'image/jpeg',
            'image/png',
            'image/webp',
            'image/heic',
            'image/heif',
            'application/pdf',
            'application/xml',
            'text/xml',
          ],
        },
      ]);
      const policies = await db.query<{ policyname: string; cmd: string; roles: string }>(
        `select policyname, cmd, roles::text from pg_policies
          where schemaname = 'storage' and tablename = 'objects' order by policyname`,
      );
      expect(policies.rows).toEqual([
        { policyname: 'documentos_delete', cmd: 'DELETE', roles: '{authenticated}' },
        { policyname: 'documentos_insert', cmd: 'INSERT', roles: '{authenticated}' },
        { policyname: 'documentos_select', cmd: 'SELECT', roles: '{authenticated}' },
      ]);
    } finally {
      await db.end();
    }
  });
});

describe('a member of the company named by the first folder', () => {
  it('uploads and downloads a file (raw body and multipart Blob), and lists it', async () => {
    const path = pathIn(member.company, 'comprovante.jpg');
    const up = await member.client.storage
      .from(BUCKET)
      .upload(path, JPEG, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });

    const down = await member.client.storage.from(BUCKET).download(path);
    expect(down.error).toBeNull();
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(JPEG)).toBe(true);
    expect(down.data!.type).toBe('image/jpeg');

    // A Blob goes as a multipart form (what a browser's File does).
    const blobPath = pathIn(member.company, 'nota.pdf');
    const blobUp = await member.client.storage
      .from(BUCKET)
      .upload(blobPath, new Blob([PDF], { type: 'application/pdf' }));
    expect(blobUp.error).toBeNull();
    const blobDown = await member.client.storage.from(BUCKET).download(blobPath);
    expect(Buffer.from(await blobDown.data!.arrayBuffer()).equals(PDF)).toBe(true);

    const listed = await member.client.storage
      .from(BUCKET)
      .list(`${member.company.id}/lancamentos`, { limit: 1000 });
    expect(listed.error).toBeNull();
    const names = listed.data!.map((o) => o.name);
    expect(names).toContain(path.split('/').pop());
    expect(names).toContain(blobPath.split('/').pop());
    // One level up, the folder shows as a folder entry (id null), as Storage lists it.
    const top = await member.client.storage.from(BUCKET).list(member.company.id);
    expect(top.data).toEqual([expect.objectContaining({ name: 'lancamentos', id: null })]);
  });

  it('keeps names with spaces and accents, and answers info() and exists() like Storage', async () => {
    const path = pathIn(member.company, 'Nota fiscal nº 12 – São Paulo.pdf');
    const store = member.client.storage.from(BUCKET);
    expect((await store.upload(path, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    const info = await store.info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: path,
      size: PDF.length,
      contentType: 'application/pdf',
    });
    expect((await store.exists(path)).data).toBe(true);
    const missing = await store.exists(pathIn(member.company));
    expect(missing.data).toBe(false);
    expect(missing.error).toMatchObject(NOT_FOUND);
    // And through a signed URL (storage-js encodes it with encodeURI).
    const signed = await store.createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('takes PNG, WebP, HEIC, PDF and XML (a nota fiscal eletrônica) by content', async () => {
    for (const [body, type, name] of [
      [PNG, 'image/png', 'foto.png'],
      [WEBP, 'image/webp', 'foto.webp'],
      [HEIC, 'image/heic', 'foto.heic'],
      [XML, 'application/xml', 'nfe-2.xml'],
      [PDF, 'application/pdf', 'boleto.pdf'],
      [XML, 'text/xml', 'nfe.xml'],
    ] as const) {
      const { error } = await member.client.storage
        .from(BUCKET)
        .upload(pathIn(member.company, name), body, { contentType: type });
      expect(error).toBeNull();
    }
  });

  it('cannot upload the same path twice (a document is never overwritten) nor update it', async () => {
    const path = pathIn(member.company);
    const store = member.client.storage.from(BUCKET);
    expect((await store.upload(path, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    const again = await store.upload(path, PDF, { contentType: 'application/pdf' });
    expect(again.error).toMatchObject(
      storageError(400, '409', 'KeyAlreadyExists', 'The resource already exists'),
    );
    // Upsert needs an update policy, and there is none.
    const upsert = await store.upload(path, PDF, { contentType: 'application/pdf', upsert: true });
    expect(upsert.error).toMatchObject(RLS_DENIED);
    const update = await store.update(path, PDF, { contentType: 'application/pdf' });
    expect(update.error).toMatchObject(NOT_FOUND);
  });

  it('removes a file: it is gone from the list and from the disk', async () => {
    const path = pathIn(member.company);
    const store = member.client.storage.from(BUCKET);
    expect((await store.upload(path, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    const removed = await store.remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([expect.objectContaining({ name: path, bucket_id: BUCKET })]);
    expect((await store.download(path)).error).toMatchObject(NOT_FOUND);
    const db = adminDb(1);
    try {
      const { rowCount } = await db.query(
        `select 1 from storage.objects where bucket_id = $1 and name = $2`,
        [BUCKET, path],
      );
      expect(rowCount).toBe(0);
    } finally {
      await db.end();
    }
  });
});

describe('refused with Storage errors', () => {
  let path: string;
  beforeAll(async () => {
    path = pathIn(member.company);
    const { error } = await member.client.storage
      .from(BUCKET)
      .upload(path, PDF, { contentType: 'application/pdf' });
    if (error) throw error;
  });

  it('an outsider neither reads, signs, lists, removes nor uploads', async () => {
    const store = outsider.client.storage.from(BUCKET);
    expect((await store.download(path)).error).toMatchObject(NOT_FOUND);
    expect((await store.createSignedUrl(path, 60)).error).toMatchObject(NOT_FOUND);
    expect((await store.list(`${member.company.id}/lancamentos`)).data).toEqual([]);
    expect((await store.remove([path])).data).toEqual([]);
    expect(
      (await store.upload(pathIn(member.company), PDF, { contentType: 'application/pdf' })).error,
    ).toMatchObject(RLS_DENIED);
    // Still there for the member.
    expect((await member.client.storage.from(BUCKET).download(path)).error).toBeNull();
  });

  it('anon (the key alone) neither reads nor uploads', async () => {
    const store = anonClient().storage.from(BUCKET);
    expect((await store.download(path)).error).toMatchObject(NOT_FOUND);
    expect(
      (await store.upload(pathIn(member.company), PDF, { contentType: 'application/pdf' })).error,
    ).toMatchObject(RLS_DENIED);
  });

  it('a member of another company cannot write or read under this company', async () => {
    const store = other.client.storage.from(BUCKET);
    expect(
      (await store.upload(pathIn(member.company), PDF, { contentType: 'application/pdf' })).error,
    ).toMatchObject(RLS_DENIED);
    expect((await store.download(path)).error).toMatchObject(NOT_FOUND);
  });

  it('a path whose first folder is not a company id is refused, not an error', async () => {
    const store = member.client.storage.from(BUCKET);
    for (const p of ['not-a-uuid/x.pdf', 'nota.pdf', `${member.company.id}.pdf`]) {
      expect(
        (await store.upload(p, PDF, { contentType: 'application/pdf' })).error,
        p,
      ).toMatchObject(RLS_DENIED);
    }
  });

  it('by role: leitura reads but never adds or removes; financeiro and obra add and remove', async () => {
    const db = adminDb(1);
    // An 'obra' member reaches only the folders of payables of their obras.
    const obra = await db.query<{ id: string }>(
      `insert into public.projects (company_id, name) values ($1, 'Obra do armazenamento') returning id`,
      [member.company.id],
    );
    const payable = await db.query<{ id: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
       values ($1, 'Areia', 80, '2026-11-20', $2) returning id`,
      [member.company.id, obra.rows[0]!.id],
    );
    const entryFolder = `${member.company.id}/entries/${payable.rows[0]!.id}`;
    const joined = await Promise.all(
      (['leitura', 'financeiro', 'obra'] as const).map(async (role) => {
        const u = await createUser();
        await db.query(
          `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
           values ($1, $2, $3, $4, $5, true)`,
          [u.user.id, member.company.id, u.email, `Membro ${role}`, role],
        );
        if (role === 'obra')
          await db.query(
            `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
            [member.company.id, obra.rows[0]!.id, u.user.id],
          );
        return [role, u.client.storage.from(BUCKET)] as const;
      }),
    );
    await db.end();
    const stores = Object.fromEntries(joined);
    const leitura = stores.leitura!;
    expect((await leitura.download(path)).error).toBeNull();
    expect(
      (await leitura.upload(pathIn(member.company), PDF, { contentType: 'application/pdf' })).error,
    ).toMatchObject(RLS_DENIED);
    expect((await leitura.remove([path])).data).toEqual([]);
    for (const role of ['financeiro', 'obra'] as const) {
      const store = stores[role]!;
      const own =
        role === 'obra'
          ? `${entryFolder}/${randomUUID()}-obra.pdf`
          : pathIn(member.company, `${role}.pdf`);
      expect(
        (await store.upload(own, PDF, { contentType: 'application/pdf' })).error,
        role,
      ).toBeNull();
      expect((await store.download(own)).error, role).toBeNull();
      expect((await store.remove([own])).data, role).toEqual([
        expect.objectContaining({ name: own }),
      ]);
    }
    // Outside the folders of their obras' payables, an 'obra' member neither adds, reads nor removes.
    expect(
      (
        await stores.obra!.upload(pathIn(member.company, 'obra.pdf'), PDF, {
          contentType: 'application/pdf',
        })
      ).error,
    ).toMatchObject(RLS_DENIED);
    expect((await stores.obra!.download(path)).error).toMatchObject(NOT_FOUND);
    expect((await stores.obra!.remove([path])).data).toEqual([]);
    // The object leitura and obra tried to remove is still there.
    expect((await member.client.storage.from(BUCKET).download(path)).error).toBeNull();
  });

  it('a deactivated member loses access to everything of the company', async () => {
    const colleague = await createUser();
    const db = adminDb(1);
    try {
      // A second admin, so that deactivating them leaves the company its admin.
      await db.query(
        `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
         values ($1, $2, $3, 'Ex-membro', 'admin', true)`,
        [colleague.user.id, member.company.id, colleague.email],
      );
      const store = colleague.client.storage.from(BUCKET);
      const own = pathIn(member.company);
      expect((await store.upload(own, PDF, { contentType: 'application/pdf' })).error).toBeNull();
      expect((await store.download(path)).error).toBeNull();

      await db.query(`update public.user_profiles set is_active = false where user_id = $1`, [
        colleague.user.id,
      ]);
      expect((await store.download(path)).error).toMatchObject(NOT_FOUND);
      expect((await store.createSignedUrl(own, 60)).error).toMatchObject(NOT_FOUND);
      expect(
        (await store.upload(pathIn(member.company), PDF, { contentType: 'application/pdf' })).error,
      ).toMatchObject(RLS_DENIED);
      expect((await store.remove([own])).data).toEqual([]);
      expect((await store.list(`${member.company.id}/lancamentos`)).data).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('11 MB is over the bucket limit of 10 MB (raw and multipart); exactly 10 MB passes', async () => {
    const store = member.client.storage.from(BUCKET);
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(11 * 1024 * 1024 - 4, 1)]);
    const tooLarge = storageError(
      400,
      '413',
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
    );
    expect(
      (await store.upload(pathIn(member.company, 'a.jpg'), big, { contentType: 'image/jpeg' }))
        .error,
    ).toMatchObject(tooLarge);
    expect(
      (await store.upload(pathIn(member.company, 'b.jpg'), new Blob([big], { type: 'image/jpeg' })))
        .error,
    ).toMatchObject(tooLarge);
    const limit = big.subarray(0, 10 * 1024 * 1024);
    expect(
      (await store.upload(pathIn(member.company, 'c.jpg'), limit, { contentType: 'image/jpeg' }))
        .error,
    ).toBeNull();
  });

  it('an .exe renamed .jpg is refused by its content, and a type the bucket does not take by its type', async () => {
    const store = member.client.storage.from(BUCKET);
    expect(
      (await store.upload(pathIn(member.company, 'foto.jpg'), EXE, { contentType: 'image/jpeg' }))
        .error,
    ).toMatchObject(
      storageError(
        400,
        '415',
        'InvalidMimeType',
        'mime type image/jpeg does not match the content of the file',
      ),
    );
    expect(
      (
        await store.upload(
          pathIn(member.company, 'foto.jpg'),
          new Blob([EXE], { type: 'image/jpeg' }),
        )
      ).error,
    ).toMatchObject(storageError(400, '415', 'InvalidMimeType', /does not match the content/));
    expect(
      (
        await store.upload(pathIn(member.company, 'setup.exe'), EXE, {
          contentType: 'application/x-msdownload',
        })
      ).error,
    ).toMatchObject(
      storageError(
        400,
        '415',
        'InvalidMimeType',
        'mime type application/x-msdownload is not supported',
      ),
    );
    // A PDF declared as a JPEG is refused too.
    expect(
      (await store.upload(pathIn(member.company, 'x.jpg'), PDF, { contentType: 'image/jpeg' }))
        .error,
    ).toMatchObject(storageError(400, '415', 'InvalidMimeType', /does not match the content/));
  });

  it('path traversal and odd names are refused before anything is stored', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const { data } = await member.client.auth.getSession();
    const token = data.session!.access_token;
    const base = member.company.id;
    for (const raw of [
      `${base}/../${other.company.id}/x.pdf`,
      `${base}/a/../../x.pdf`,
      `${base}/%2E%2E/x.pdf`,
      `${base}/./x.pdf`,
      `${base}/a%5Cb.pdf`,
      `${base}/a%00.pdf`,
      `%2F${base}/x.pdf`,
      `${base}//x.pdf`,
    ]) {
      // node:http, not fetch: fetch resolves `..` and `%2E%2E` before sending, the attacker's
      // client need not.
      const res = await rawRequest(`${apiUrl}/storage/v1/object/${BUCKET}/${raw}`, {
        apikey: anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/pdf',
      });
      expect(res.status, raw).toBe(400);
      expect(res.body, raw).toEqual({
        statusCode: '400',
        code: 'InvalidKey',
        error: 'InvalidKey',
        message: expect.stringMatching(/^Invalid key: /) as unknown,
      });
    }
    const db = adminDb(1);
    try {
      const { rowCount } = await db.query(
        `select 1 from storage.objects
          where (name like $1 or name like $2) and name not like $3`,
        [`${base}%`, `%${other.company.id}%`, `${base}/lancamentos/%`],
      );
      expect(rowCount).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('an unknown bucket is Storage\'s "Bucket not found"', async () => {
    const { error } = await member.client.storage
      .from('nao-existe')
      .upload(pathIn(member.company), PDF, { contentType: 'application/pdf' });
    expect(error).toMatchObject(storageError(400, '404', 'NoSuchBucket', 'Bucket not found'));
  });
});

describe('signed URLs', () => {
  it('open the file without a key, and stop working once expired', async () => {
    const path = pathIn(member.company);
    const store = member.client.storage.from(BUCKET);
    expect((await store.upload(path, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    // 2 s: expiry is in whole seconds from a floored `iat` (as jsonwebtoken signs it), so a 1 s URL
    // may already be dead a few milliseconds after it was made; 2 s lives at least 1 s.
    const { data, error } = await store.createSignedUrl(path, 2);
    expect(error).toBeNull();
    const first = await fetch(data!.signedUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await first.arrayBuffer()).equals(PDF)).toBe(true);

    // Poll until the token has expired (no fixed sleep).
    let res = await fetch(data!.signedUrl);
    const started = Date.now();
    while (res.status === 200 && Date.now() - started < 6000) {
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(data!.signedUrl);
    }
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: 'jwt expired',
    });
  });

  it('a token signed for one object does not open another, and a forged one opens nothing', async () => {
    const store = member.client.storage.from(BUCKET);
    const a = pathIn(member.company);
    const b = pathIn(member.company);
    for (const p of [a, b])
      expect((await store.upload(p, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    const { data } = await store.createSignedUrl(a, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const { apiUrl } = stackEnv();
    const wrong = await fetch(`${apiUrl}/storage/v1/object/sign/${BUCKET}/${b}?token=${token}`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    const forged = await fetch(
      `${apiUrl}/storage/v1/object/sign/${BUCKET}/${a}?token=${token.slice(0, -4)}AAAA`,
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      statusCode: '400',
      error: 'InvalidJWT',
      message: 'invalid signature',
    });
  });

  it('service_role (a server with the secret key) reaches every object', async () => {
    const path = pathIn(member.company);
    expect(
      (
        await member.client.storage
          .from(BUCKET)
          .upload(path, PDF, { contentType: 'application/pdf' })
      ).error,
    ).toBeNull();
    const down = await serviceClient().storage.from(BUCKET).download(path);
    expect(down.error).toBeNull();
  });
});

// Issue 31: the object a documents row holds is evidence. By role, through Storage's own API: nobody
// removes it while the row holds it (document_in_use), nobody writes its name again
// (document_name_taken, upsert included), an 'obra' member adds nothing to a paid payable
// (document_entry_paid); a role with no right at all gets Storage's usual silent or RLS answer.
describe('an object a documents row holds', () => {
  const keyed = (message: string) => storageError(400, '403', 'AccessDenied', message);

  it('by role: removed by nobody, replaced by nobody; a paid payable takes no file from obra', async () => {
    const db = adminDb(1);
    const obra = await db.query<{ id: string }>(
      `insert into public.projects (company_id, name) values ($1, 'Obra das provas') returning id`,
      [member.company.id],
    );
    const payable = await db.query<{ id: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
       values ($1, 'Brita', 50, '2026-11-20', $2) returning id`,
      [member.company.id, obra.rows[0]!.id],
    );
    const entryId = payable.rows[0]!.id;
    const stores: Record<string, ReturnType<TestClient['storage']['from']>> = {
      admin: member.client.storage.from(BUCKET),
    };
    for (const role of ['financeiro', 'obra', 'leitura'] as const) {
      const u = await createUser();
      await db.query(
        `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
         values ($1, $2, $3, $4, $5, true)`,
        [u.user.id, member.company.id, u.email, `Prova ${role}`, role],
      );
      if (role === 'obra')
        await db.query(
          `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
          [member.company.id, obra.rows[0]!.id, u.user.id],
        );
      stores[role] = u.client.storage.from(BUCKET);
    }
    const held = `${member.company.id}/entries/${entryId}/${randomUUID()}-comprovante.pdf`;
    expect(
      (await stores.admin!.upload(held, PDF, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const { error } = await member.client.from('documents').insert({
      company_id: member.company.id,
      payable_id: entryId,
      storage_path: held,
      original_name: 'comprovante.pdf',
      mime: 'application/pdf',
      size_bytes: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      kind: 'comprovante',
    });
    expect(error).toBeNull();
    const other = Buffer.from('%PDF-1.7\noutros bytes\n%%EOF\n');
    for (const role of ['admin', 'financeiro', 'obra'] as const) {
      const store = stores[role]!;
      expect((await store.remove([held])).error, role).toMatchObject(keyed('document_in_use'));
      for (const upsert of [false, true])
        expect(
          (await store.upload(held, other, { contentType: 'application/pdf', upsert })).error,
          `${role} upsert ${upsert}`,
        ).toMatchObject(keyed('document_name_taken'));
      expect(
        (await store.update(held, other, { contentType: 'application/pdf' })).error,
        role,
      ).toMatchObject(NOT_FOUND);
    }
    expect((await stores.leitura!.remove([held])).data).toEqual([]);
    expect(
      (await stores.leitura!.upload(held, other, { contentType: 'application/pdf', upsert: true }))
        .error,
    ).toMatchObject(RLS_DENIED);
    // The bytes are the ones stored first.
    const down = await stores.leitura!.download(held);
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(PDF)).toBe(true);

    // Paid: the 'obra' member adds nothing under its folder; admin and financeiro do.
    const admin = member as unknown as Member;
    const account = await createBankAccount(admin, 500);
    await settlePayable(admin, entryId, account.id, '2026-11-20');
    await db.end();
    const fresh = () => `${member.company.id}/entries/${entryId}/${randomUUID()}-recibo.pdf`;
    expect(
      (await stores.obra!.upload(fresh(), PDF, { contentType: 'application/pdf' })).error,
    ).toMatchObject(keyed('document_entry_paid'));
    for (const role of ['admin', 'financeiro'] as const)
      expect(
        (await stores[role]!.upload(fresh(), PDF, { contentType: 'application/pdf' })).error,
        role,
      ).toBeNull();
  });
});
