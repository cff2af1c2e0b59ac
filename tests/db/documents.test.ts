// Documents: the row of a stored file (public.documents) beside its object in the bucket documentos,
// through the API as the app does it (upload, then the row): its checks, the duplicate file, an
// 'obra' member limited to payables of its obras (table and Storage alike), the paperclip and
// "Sem comprovante" of Movimentações, and deleting an entry leaving nothing behind.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDb,
  asMember,
  checkViolation,
  createMember,
  createUser,
  noPrivilege,
  rlsViolation,
  type TestClient,
} from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

const BUCKET = 'documentos';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const RLS_DENIED = {
  name: 'StorageApiError',
  statusCode: '403',
  message: 'new row violates row-level security policy',
};

let db: pg.Pool;
let owner: Member;
let outsider: Member;
let obraMember: { client: TestClient; user: { id: string } };
let leitura: { client: TestClient; user: { id: string } };
let obraId: string;
let account: { id: string };

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const unique = (bytes: Buffer) => Buffer.concat([bytes, Buffer.from(randomUUID())]);

async function joinAs(role: string) {
  const u = await createUser();
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [u.user.id, owner.company.id, u.email, `Membro ${role} ${u.email}`, role],
  );
  return u;
}

/** Upload then insert the row, as the app does; returns the row (or the first error). */
async function attach(
  client: TestClient,
  owner_: { company: string; payable_id?: string; receivable_id?: string; payment_id?: string },
  bytes: Buffer,
  extra: { kind?: string; mime?: string; name?: string } = {},
) {
  const entry = owner_.payable_id ?? owner_.receivable_id;
  const folder = entry ? `entries/${entry}` : `payments/${owner_.payment_id}`;
  const name = extra.name ?? 'recibo.jpg';
  const mime = extra.mime ?? 'image/jpeg';
  const path = `${owner_.company}/${folder}/${randomUUID()}-${name}`;
  const upload = await client.storage.from(BUCKET).upload(path, bytes, { contentType: mime });
  if (upload.error) return { path, data: null, error: upload.error };
  const { data, error } = await client
    .from('documents')
    .insert({
      company_id: owner_.company,
      payable_id: owner_.payable_id ?? null,
      receivable_id: owner_.receivable_id ?? null,
      payment_id: owner_.payment_id ?? null,
      storage_path: path,
      original_name: name,
      mime,
      size_bytes: bytes.length,
      sha256: sha(bytes),
      kind: extra.kind ?? 'comprovante',
    })
    .select()
    .single();
  return { path, data, error };
}

beforeAll(async () => {
  db = adminDb(2);
  [owner, outsider] = await Promise.all([
    createMember('Construtora Papelada'),
    createMember('Construtora Vizinha'),
  ]);
  account = await createBankAccount(owner, 1000);
  const project = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra Centro') returning id`,
    [owner.company.id],
  );
  obraId = project.rows[0]!.id;
  [obraMember, leitura] = await Promise.all([joinAs('obra'), joinAs('leitura')]);
  await db.query(
    `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
    [owner.company.id, obraId, obraMember.user.id],
  );
});
afterAll(async () => {
  await db.end();
});

describe('a document of an entry', () => {
  it('is stored and its row read back; the same file again on that entry is refused', async () => {
    const payable = await createPayable(owner, 100);
    const bytes = unique(JPEG);
    const first = await attach(
      owner.client,
      { company: owner.company.id, payable_id: payable.id },
      bytes,
    );
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      entry_id: payable.id,
      uploaded_by: owner.user.id,
      size_bytes: bytes.length,
      kind: 'comprovante',
    });
    const again = await attach(
      owner.client,
      { company: owner.company.id, payable_id: payable.id },
      bytes,
    );
    expect(again.error).toMatchObject({ code: 'P0001', message: 'document_duplicate' });
    // The same file on another entry is another document.
    const other = await createPayable(owner, 50);
    const elsewhere = await attach(
      owner.client,
      { company: owner.company.id, payable_id: other.id },
      bytes,
    );
    expect(elsewhere.error).toBeNull();
  });

  it('refuses a path outside its entry, two owners, a bad hash, more than 10 MB', async () => {
    const payable = await createPayable(owner, 100);
    const other = await createPayable(owner, 100);
    const base = {
      company_id: owner.company.id,
      payable_id: payable.id,
      storage_path: `${owner.company.id}/entries/${payable.id}/${randomUUID()}-a.pdf`,
      original_name: 'a.pdf',
      mime: 'application/pdf',
      size_bytes: 10,
      sha256: sha(unique(PDF)),
    };
    const insert = (row: Record<string, unknown>) =>
      owner.client.from('documents').insert({ ...base, ...row } as never);
    expect(
      (
        await insert({
          storage_path: `${owner.company.id}/entries/${other.id}/${randomUUID()}-a.pdf`,
        })
      ).error,
    ).toMatchObject(checkViolation('documents_path_of_owner'));
    expect(
      (await insert({ storage_path: `${outsider.company.id}/entries/${payable.id}/x-a.pdf` }))
        .error,
    ).toMatchObject(checkViolation('documents_path_of_owner'));
    expect(
      (await insert({ storage_path: `${owner.company.id}/entries/${payable.id}/../x/a.pdf` }))
        .error,
    ).toMatchObject(checkViolation('documents_path_of_owner'));
    expect((await insert({ project_id: obraId })).error).toMatchObject(
      checkViolation('documents_one_owner'),
    );
    expect((await insert({ sha256: 'ABC' })).error).toMatchObject(
      checkViolation('documents_sha256_check'),
    );
    expect((await insert({ size_bytes: 10 * 1024 * 1024 + 1 })).error).toMatchObject(
      checkViolation('documents_size_bytes_check'),
    );
    expect((await insert({ mime: 'application/x-msdownload' })).error).toMatchObject(
      checkViolation('documents_mime_check'),
    );
    expect((await insert({ kind: 'recibo' })).error).toMatchObject(
      checkViolation('documents_kind_check'),
    );
    expect((await insert({})).error).toBeNull();
  });

  it('is immutable: no update privilege', async () => {
    const payable = await createPayable(owner, 100);
    const { data } = await attach(
      owner.client,
      { company: owner.company.id, payable_id: payable.id },
      unique(PDF),
      {
        mime: 'application/pdf',
        name: 'nota.pdf',
      },
    );
    const { error } = await owner.client
      .from('documents')
      .update({ original_name: 'outro.pdf' } as never)
      .eq('id', data!.id);
    expect(error).toMatchObject({
      code: '42501',
      message: 'permission denied for table documents',
    });
  });

  it('of another company is refused: object and row', async () => {
    const payable = await createPayable(owner, 100);
    const stranger = await attach(
      outsider.client,
      { company: owner.company.id, payable_id: payable.id },
      unique(JPEG),
    );
    expect(stranger.error).toMatchObject(RLS_DENIED);
    const row = await outsider.client.from('documents').insert({
      company_id: owner.company.id,
      payable_id: payable.id,
      storage_path: `${owner.company.id}/entries/${payable.id}/${randomUUID()}-x.pdf`,
      original_name: 'x.pdf',
      mime: 'application/pdf',
      size_bytes: 10,
      sha256: sha(unique(PDF)),
    });
    // Their own company id with our payable: the foreign key does not see it.
    expect(row.error).toMatchObject(rlsViolation('documents'));
  });

  it('a payment of another company is refused', async () => {
    const theirs = await createBankAccount(outsider, 100);
    const payable = await createPayable(outsider, 10);
    await settlePayable(outsider, payable.id, theirs.id, '2026-11-20');
    const { rows } = await db.query<{ id: string }>(
      `select id from public.transactions where payable_id = $1`,
      [payable.id],
    );
    const payment = rows[0]!.id;
    const { error } = await owner.client.from('documents').insert({
      company_id: owner.company.id,
      payment_id: payment,
      storage_path: `${owner.company.id}/payments/${payment}/${randomUUID()}-x.pdf`,
      original_name: 'x.pdf',
      mime: 'application/pdf',
      size_bytes: 10,
      sha256: sha(unique(PDF)),
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'payment_not_found' });
  });
});

describe('roles', () => {
  it("an 'obra' member attaches to payables of their obras only, and sees only those", async () => {
    const mine = await createPayable(owner, 100, { project_id: obraId });
    const geral = await createPayable(owner, 100);
    const ok = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: mine.id },
      unique(JPEG),
    );
    expect(ok.error).toBeNull();
    expect(ok.data?.uploaded_by).toBe(obraMember.user.id);
    const refused = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: geral.id },
      unique(JPEG),
    );
    expect(refused.error).toMatchObject(RLS_DENIED);
    // Nor the row, even with an object put there by the admin.
    const adminFile = await attach(
      owner.client,
      { company: owner.company.id, payable_id: geral.id },
      unique(JPEG),
    );
    expect(adminFile.error).toBeNull();
    const { data: seen } = await obraMember.client
      .from('documents')
      .select('id')
      .in('id', [ok.data!.id, adminFile.data!.id]);
    expect(seen).toEqual([{ id: ok.data!.id }]);
    expect(
      (await obraMember.client.storage.from(BUCKET).download(adminFile.path)).error,
    ).toMatchObject({
      statusCode: '404',
    });
    expect((await obraMember.client.storage.from(BUCKET).download(ok.path)).error).toBeNull();
    // A segment that is not an entry id says no, never raises.
    const bad = await obraMember.client.storage
      .from(BUCKET)
      .upload(`${owner.company.id}/entries/not-a-uuid/x.jpg`, JPEG, { contentType: 'image/jpeg' });
    expect(bad.error).toMatchObject(RLS_DENIED);
  });

  it('leitura reads documents but neither adds nor removes them', async () => {
    const payable = await createPayable(owner, 100);
    const file = await attach(
      owner.client,
      { company: owner.company.id, payable_id: payable.id },
      unique(PDF),
      {
        mime: 'application/pdf',
        name: 'nota.pdf',
      },
    );
    const { data } = await leitura.client.from('documents').select('id').eq('id', file.data!.id);
    expect(data).toEqual([{ id: file.data!.id }]);
    const add = await attach(
      leitura.client,
      { company: owner.company.id, payable_id: payable.id },
      unique(PDF),
      {
        mime: 'application/pdf',
      },
    );
    expect(add.error).toMatchObject(RLS_DENIED);
    const removed = await leitura.client
      .from('documents')
      .delete()
      .eq('id', file.data!.id)
      .select('id');
    expect(removed).toMatchObject({ error: null, data: [] });
  });
});

describe('deleting an entry', () => {
  async function objectsUnder(folder: string) {
    const { rows } = await db.query<{ name: string }>(
      `select name from storage.objects where bucket_id = $1 and name like $2 || '/%'`,
      [BUCKET, folder],
    );
    return rows.map((r) => r.name);
  }

  it('removes its document rows, answers their paths, and the objects go: nothing is left', async () => {
    const payable = await createPayable(owner, 100);
    const company = owner.company.id;
    const a = await attach(owner.client, { company, payable_id: payable.id }, unique(JPEG));
    const b = await attach(owner.client, { company, payable_id: payable.id }, unique(PDF), {
      mime: 'application/pdf',
      name: 'boleto.pdf',
    });
    expect(await objectsUnder(`${company}/entries/${payable.id}`)).toHaveLength(2);

    const { data, error } = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: payable.id,
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ deleted: 1, storage_paths: [a.path, b.path].sort() }]);
    const rows = await db.query('select 1 from public.documents where payable_id = $1', [
      payable.id,
    ]);
    expect(rows.rowCount).toBe(0);

    const removed = await owner.client.storage.from(BUCKET).remove(data![0]!.storage_paths);
    expect(removed.error).toBeNull();
    expect(await objectsUnder(`${company}/entries/${payable.id}`)).toEqual([]);
  });

  it('of a receivable series takes every deleted entry’s documents', async () => {
    const series = randomUUID();
    const company = owner.company.id;
    const parts = await Promise.all(
      [1, 2, 3].map((n) =>
        createReceivable(owner, 100, {
          description: `Lote ${n}/3`,
          due_date: `2026-0${n}-10`,
          series_id: series,
          series_kind: 'installment',
          installment_number: n,
          installment_count: 3,
        }),
      ),
    );
    const files = [];
    for (const part of parts)
      files.push(
        await attach(owner.client, { company, receivable_id: part.id }, unique(PDF), {
          mime: 'application/pdf',
        }),
      );
    const { data, error } = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: parts[1]!.id,
      p_scope: 'following',
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ deleted: 2, storage_paths: [files[1]!.path, files[2]!.path].sort() }]);
  });

  it("by an 'obra' member: they remove the objects of the entry they deleted", async () => {
    const company = owner.company.id;
    const mine = await createPayable(
      { ...obraMember, company: owner.company } as unknown as Member,
      40,
      { project_id: obraId },
    );
    const file = await attach(obraMember.client, { company, payable_id: mine.id }, unique(JPEG));
    expect(file.error).toBeNull();
    const { data, error } = await obraMember.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: mine.id,
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ deleted: 1, storage_paths: [file.path] }]);
    const removed = await obraMember.client.storage.from(BUCKET).remove([file.path]);
    expect(removed.data).toEqual([expect.objectContaining({ name: file.path })]);
    expect(await objectsUnder(`${company}/entries/${mine.id}`)).toEqual([]);
  });

  it('a plain delete of an entry that still has documents is refused (the foreign key)', async () => {
    const payable = await createPayable(owner, 100);
    await attach(owner.client, { company: owner.company.id, payable_id: payable.id }, unique(JPEG));
    const { error } = await owner.client.from('accounts_payable').delete().eq('id', payable.id);
    expect(error).toMatchObject({ code: '23503' });
    const still = await db.query('select 1 from public.accounts_payable where id = $1', [
      payable.id,
    ]);
    expect(still.rowCount).toBe(1);
  });
});

describe('the paperclip and "Sem comprovante"', () => {
  it('entries count documents of the entry and of its payments; the filter lists paid ones without a comprovante', async () => {
    const company = owner.company.id;
    const tag = randomUUID().slice(0, 8);
    const noDoc = await createPayable(owner, 10, { description: `Sem papel ${tag}` });
    const withBoleto = await createPayable(owner, 10, { description: `Com boleto ${tag}` });
    const withReceipt = await createPayable(owner, 10, { description: `Com recibo ${tag}` });
    const pending = await createPayable(owner, 10, { description: `Pendente ${tag}` });
    for (const p of [noDoc, withBoleto, withReceipt])
      await settlePayable(owner, p.id, account.id, '2026-11-20');
    await attach(owner.client, { company, payable_id: withBoleto.id }, unique(PDF), {
      kind: 'boleto',
      mime: 'application/pdf',
    });
    const { rows } = await db.query<{ id: string }>(
      `select id from public.transactions where payable_id = $1`,
      [withReceipt.id],
    );
    const paid = await attach(owner.client, { company, payment_id: rows[0]!.id }, unique(JPEG));
    expect(paid.error).toBeNull();

    const { data: entries } = await owner.client
      .from('entries')
      .select('description, document_count, has_comprovante')
      .like('description', `%${tag}`)
      .order('description');
    expect(entries).toEqual([
      { description: `Com boleto ${tag}`, document_count: 1, has_comprovante: false },
      { description: `Com recibo ${tag}`, document_count: 1, has_comprovante: true },
      { description: `Pendente ${tag}`, document_count: 0, has_comprovante: false },
      { description: `Sem papel ${tag}`, document_count: 0, has_comprovante: false },
    ]);

    const { data: found, error } = await owner.client.rpc('search_movements', {
      p_company_id: company,
      p_today: '2026-11-26',
      p_search: tag,
      p_without_comprovante: true,
    });
    expect(error).toBeNull();
    expect(found!.map((r) => [r.description, r.document_count]).sort()).toEqual([
      [`Com boleto ${tag}`, 1],
      [`Sem papel ${tag}`, 0],
    ]);
    // The page Movimentações reads (p_limit: paged in SQL) filters and counts the same way.
    const { data: page, error: pageError } = await owner.client.rpc('search_movements', {
      p_company_id: company,
      p_today: '2026-11-26',
      p_search: tag,
      p_without_comprovante: true,
      p_limit: 10,
    });
    expect(pageError).toBeNull();
    expect(page!.map((r) => [r.description, r.document_count]).sort()).toEqual([
      [`Com boleto ${tag}`, 1],
      [`Sem papel ${tag}`, 0],
    ]);
    // Unsearched pages, by date (page ids read by private.movement_page_ids) and by value, read the
    // entries' kept flag: the same two, not the one whose payment has the receipt.
    for (const order of ['date_desc', 'value_desc'] as const) {
      const { data: unsearched, error: unsearchedError } = await owner.client.rpc(
        'search_movements',
        {
          p_company_id: company,
          p_today: '2026-11-26',
          p_without_comprovante: true,
          p_order: order,
          p_limit: 5000,
        },
      );
      expect(unsearchedError).toBeNull();
      expect(
        unsearched!
          .map((r) => r.description)
          .filter((d) => d.endsWith(tag))
          .sort(),
      ).toEqual([`Com boleto ${tag}`, `Sem papel ${tag}`]);
    }
    const { data: summary } = await owner.client.rpc('movement_summary', {
      p_company_id: company,
      p_today: '2026-11-26',
      p_search: tag,
      p_without_comprovante: true,
    });
    expect(summary).toMatchObject({ count: 2, expense_total: 20 });
    void pending;
  });
});

describe("an entry's kept has_comprovante", () => {
  it("follows its comprovantes and its payments', whoever attaches them, as a fact, not an edit", async () => {
    const state = async (table: string, id: string) =>
      (
        await db.query<{ has_comprovante: boolean; updated_at: string; audits: number }>(
          `select e.has_comprovante, e.updated_at::text,
                  (select count(*)::int from public.audit_log a where a.row_id = e.id) as audits
           from public.${table} e where e.id = $1`,
          [id],
        )
      ).rows[0]!;
    // An 'obra' member's comprovante marks the payable of its obra (the member may not write the
    // payable itself): no Histórico line and no updated_at change for the entry. Attached before
    // the payment: once paid, only admin and financeiro attach (documents evidence tests below).
    const payable = await createPayable(owner, 80, { project_id: obraId });
    const before = await state('accounts_payable', payable.id);
    expect(before.has_comprovante).toBe(false);
    const boleto = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: payable.id },
      unique(PDF),
      { name: 'boleto.pdf', mime: 'application/pdf', kind: 'boleto' },
    );
    expect(boleto.error).toBeNull();
    expect(await state('accounts_payable', payable.id)).toEqual(before);
    const receipt = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: payable.id },
      unique(JPEG),
    );
    expect(receipt.error).toBeNull();
    expect(await state('accounts_payable', payable.id)).toEqual({
      ...before,
      has_comprovante: true,
    });
    // Removed: sem comprovante again (the boleto is not one).
    const removed = await owner.client.from('documents').delete().eq('id', receipt.data!.id);
    expect(removed.error).toBeNull();
    expect(await state('accounts_payable', payable.id)).toEqual(before);

    // A comprovante on a payment marks its receivable.
    const receivable = await createReceivable(owner, 90);
    await settleReceivable(owner, receivable.id, account.id, '2026-11-21');
    const { rows: payments } = await db.query<{ id: string }>(
      `select t.id from public.transactions t where t.receivable_id = $1`,
      [receivable.id],
    );
    const onPayment = await attach(
      owner.client,
      { company: owner.company.id, payment_id: payments[0]!.id },
      unique(JPEG),
    );
    expect(onPayment.error).toBeNull();
    expect((await state('accounts_receivable', receivable.id)).has_comprovante).toBe(true);

    // Nobody writes it through the API.
    const written = await owner.client
      .from('accounts_payable')
      .update({ has_comprovante: true })
      .eq('id', payable.id);
    expect(written.error).toMatchObject(noPrivilege('accounts_payable'));
    expect((await state('accounts_payable', payable.id)).has_comprovante).toBe(false);
  });
});

describe('deleting a company', () => {
  it('takes its entries, payments, comprovantes and kept totals (the flag triggers run in the cascade)', async () => {
    // Only entries without money paid can go (a paid one is guarded): a pending payable with a
    // comprovante, and a receivable whose payment, with its comprovante, was reversed.
    const gone = await createMember('Construtora Encerrada');
    const bank = await createBankAccount(gone, 500);
    const payable = await createPayable(gone, 40);
    const receivable = await createReceivable(gone, 60);
    await settleReceivable(gone, receivable.id, bank.id, '2026-11-21');
    const { rows: payments } = await db.query<{ id: string }>(
      `select t.id from public.transactions t where t.receivable_id = $1`,
      [receivable.id],
    );
    const reversed = await gone.client.rpc('reverse_payment', {
      p_payment_id: payments[0]!.id,
      p_reversed_on: '2026-11-22',
    });
    expect(reversed.error).toBeNull();
    for (const target of [
      { company: gone.company.id, payable_id: payable.id },
      { company: gone.company.id, payment_id: payments[0]!.id },
    ]) {
      const file = await attach(gone.client, target, unique(JPEG));
      expect(file.error).toBeNull();
    }
    await db.query(`delete from public.companies where id = $1`, [gone.company.id]);
    const { rows } = await db.query<{ left: number }>(
      `select (select count(*) from public.documents where company_id = $1)
            + (select count(*) from public.accounts_payable where company_id = $1)
            + (select count(*) from private.entry_totals where company_id = $1) as left`,
      [gone.company.id],
    );
    expect(Number(rows[0]!.left)).toBe(0);
  });
});

// Issue 31: an 'obra' member removed the object behind the admin's comprovante on a paid, approved
// bill and stored other bytes under its name, deleted that comprovante's row, and attached its own
// comprovante to a paid bill that had none. Each is refused with its key, per role.
describe('documents are evidence', () => {
  const inUse = { statusCode: '403', code: 'AccessDenied', message: 'document_in_use' };
  const nameTaken = { statusCode: '403', code: 'AccessDenied', message: 'document_name_taken' };
  const entryPaid = { statusCode: '403', code: 'AccessDenied', message: 'document_entry_paid' };
  let financeiro: { client: TestClient; user: { id: string } };
  let otherObra: { client: TestClient; user: { id: string } };
  let paid: { id: string };
  let comprovante: Awaited<ReturnType<typeof attach>>;
  let comprovanteBytes: Buffer;

  const hasComprovante = async (id: string) =>
    (
      await db.query<{ has_comprovante: boolean }>(
        `select has_comprovante from public.accounts_payable where id = $1`,
        [id],
      )
    ).rows[0]!.has_comprovante;
  const objectBytes = async (client: TestClient, path: string) => {
    const { data, error } = await client.storage.from(BUCKET).download(path);
    if (error) return error;
    return Buffer.from(await data.arrayBuffer());
  };

  beforeAll(async () => {
    [financeiro, otherObra] = await Promise.all([joinAs('financeiro'), joinAs('obra')]);
    await db.query(
      `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
      [owner.company.id, obraId, otherObra.user.id],
    );
    // A paid, approved bill of the obra with the admin's comprovante.
    paid = await createPayable(owner, 150, { project_id: obraId });
    await settlePayable(owner, paid.id, account.id, '2026-11-20');
    comprovanteBytes = unique(PDF);
    comprovante = await attach(
      owner.client,
      { company: owner.company.id, payable_id: paid.id },
      comprovanteBytes,
      { name: 'comprovante.pdf', mime: 'application/pdf' },
    );
    expect(comprovante.error).toBeNull();
  });

  it("an 'obra' member neither removes nor replaces the object behind a paid bill's comprovante", async () => {
    const store = obraMember.client.storage.from(BUCKET);
    expect((await store.remove([comprovante.path])).error).toMatchObject(inUse);
    const other = unique(PDF);
    expect(
      (await store.upload(comprovante.path, other, { contentType: 'application/pdf' })).error,
    ).toMatchObject(nameTaken);
    expect(
      (
        await store.upload(comprovante.path, other, {
          contentType: 'application/pdf',
          upsert: true,
        })
      ).error,
    ).toMatchObject(nameTaken);
    // The same bytes as the row's sha256, still there for every reader.
    const bytes = await objectBytes(owner.client, comprovante.path);
    expect(sha(bytes as Buffer)).toBe(comprovante.data!.sha256);
  });

  it("an 'obra' member does not delete the row of an approved or paid bill's document", async () => {
    const { error } = await obraMember.client
      .from('documents')
      .delete()
      .eq('id', comprovante.data!.id);
    expect(error).toMatchObject({ code: 'P0001', message: 'document_locked' });
    const still = await db.query('select 1 from public.documents where id = $1', [
      comprovante.data!.id,
    ]);
    expect(still.rowCount).toBe(1);
    // Approved (every bill an admin records is) but unpaid: it may add, not remove.
    const approved = await createPayable(owner, 70, { project_id: obraId });
    const added = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: approved.id },
      unique(JPEG),
    );
    expect(added.error).toBeNull();
    const removal = await obraMember.client.from('documents').delete().eq('id', added.data!.id);
    expect(removal.error).toMatchObject({ code: 'P0001', message: 'document_locked' });
  });

  it("an 'obra' member does not attach its comprovante to a paid bill without one", async () => {
    const bare = await createPayable(owner, 60, { project_id: obraId });
    await settlePayable(owner, bare.id, account.id, '2026-11-21');
    expect(await hasComprovante(bare.id)).toBe(false);
    const upload = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: bare.id },
      unique(JPEG),
    );
    expect(upload.error).toMatchObject(entryPaid);
    // The row alone (pointing at any name) is refused too.
    const bytes = unique(JPEG);
    const row = await obraMember.client.from('documents').insert({
      company_id: owner.company.id,
      payable_id: bare.id,
      storage_path: `${owner.company.id}/entries/${bare.id}/${randomUUID()}-recibo.jpg`,
      original_name: 'recibo.jpg',
      mime: 'image/jpeg',
      size_bytes: bytes.length,
      sha256: sha(bytes),
      kind: 'comprovante',
    });
    expect(row.error).toMatchObject({ code: 'P0001', message: 'document_entry_paid' });
    expect(await hasComprovante(bare.id)).toBe(false);
    // Admin and financeiro do.
    const byFinanceiro = await attach(
      financeiro.client,
      { company: owner.company.id, payable_id: bare.id },
      unique(JPEG),
    );
    expect(byFinanceiro.error).toBeNull();
    expect(await hasComprovante(bare.id)).toBe(true);
  });

  it('nobody replaces an object a row holds; admin and financeiro remove the row, then the object', async () => {
    const file = await attach(
      owner.client,
      { company: owner.company.id, payable_id: paid.id },
      unique(JPEG),
    );
    expect(file.error).toBeNull();
    for (const [who, client] of [
      ['admin', owner.client],
      ['financeiro', financeiro.client],
    ] as const) {
      const store = client.storage.from(BUCKET);
      expect((await store.remove([file.path])).error, who).toMatchObject(inUse);
      expect(
        (await store.upload(file.path, unique(JPEG), { contentType: 'image/jpeg', upsert: true }))
          .error,
        who,
      ).toMatchObject(nameTaken);
    }
    const removed = await financeiro.client.from('documents').delete().eq('id', file.data!.id);
    expect(removed.error).toBeNull();
    // The name once held is never written again, not even by an admin.
    expect(
      (
        await owner.client.storage
          .from(BUCKET)
          .upload(file.path, unique(JPEG), { contentType: 'image/jpeg', upsert: true })
      ).error,
    ).toMatchObject(nameTaken);
    const gone = await financeiro.client.storage.from(BUCKET).remove([file.path]);
    expect(gone.data).toEqual([expect.objectContaining({ name: file.path })]);
    // Nor taken by a new row.
    const reused = await owner.client.from('documents').insert({
      company_id: owner.company.id,
      payable_id: paid.id,
      storage_path: file.path,
      original_name: 'recibo.jpg',
      mime: 'image/jpeg',
      size_bytes: 10,
      sha256: sha(unique(JPEG)),
    });
    expect(reused.error).toMatchObject({ code: 'P0001', message: 'document_name_taken' });
  });

  it('every add and remove is in the audit log with who and when', async () => {
    const file = await attach(
      owner.client,
      { company: owner.company.id, payable_id: paid.id },
      unique(JPEG),
    );
    expect(file.error).toBeNull();
    const removed = await financeiro.client.from('documents').delete().eq('id', file.data!.id);
    expect(removed.error).toBeNull();
    const { rows } = await db.query<{ action: string; actor: string; at: Date }>(
      `select action, actor, at from public.audit_log
       where table_name = 'documents' and row_id = $1 order by id`,
      [file.data!.id],
    );
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ['insert', owner.user.id],
      ['delete', financeiro.user.id],
    ]);
    expect(rows.every((r) => r.at instanceof Date)).toBe(true);
  });

  it('files of a removed document reach only admin, financeiro and who removed it, until removed', async () => {
    // An 'obra' member deletes its own pending request (not yet approved) with a photo.
    const request = await createPayable(
      { ...obraMember, company: owner.company } as unknown as Member,
      45,
      { project_id: obraId },
    );
    const photo = await attach(
      obraMember.client,
      { company: owner.company.id, payable_id: request.id },
      unique(JPEG),
    );
    expect(photo.error).toBeNull();
    // While the entry lives, the other obra member and leitura read it.
    expect(await objectBytes(otherObra.client, photo.path)).toBeInstanceOf(Buffer);
    const { error } = await obraMember.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: request.id,
    });
    expect(error).toBeNull();
    const notFound = { statusCode: '404', code: 'NoSuchKey' };
    expect(await objectBytes(otherObra.client, photo.path)).toMatchObject(notFound);
    expect(await objectBytes(leitura.client, photo.path)).toMatchObject(notFound);
    expect((await otherObra.client.storage.from(BUCKET).remove([photo.path])).data).toEqual([]);
    expect((await leitura.client.storage.from(BUCKET).remove([photo.path])).data).toEqual([]);
    expect(await objectBytes(owner.client, photo.path)).toBeInstanceOf(Buffer);
    expect(await objectBytes(financeiro.client, photo.path)).toBeInstanceOf(Buffer);
    expect(await objectBytes(obraMember.client, photo.path)).toBeInstanceOf(Buffer);
    const removed = await obraMember.client.storage.from(BUCKET).remove([photo.path]);
    expect(removed.data).toEqual([expect.objectContaining({ name: photo.path })]);

    // A document an admin removes from a live entry: the obra member no longer reads its file.
    const kept = await createPayable(owner, 30, { project_id: obraId });
    const file = await attach(
      owner.client,
      { company: owner.company.id, payable_id: kept.id },
      unique(JPEG),
    );
    expect(await objectBytes(obraMember.client, file.path)).toBeInstanceOf(Buffer);
    expect(
      (await owner.client.from('documents').delete().eq('id', file.data!.id)).error,
    ).toBeNull();
    expect(await objectBytes(obraMember.client, file.path)).toMatchObject(notFound);
    expect(await objectBytes(leitura.client, file.path)).toMatchObject(notFound);
    expect(await objectBytes(financeiro.client, file.path)).toBeInstanceOf(Buffer);
  });

  it("the duplicate check answers only within the caller's company", async () => {
    // Another company names our paid bill with the sha256 of our comprovante, or with any other:
    // the same foreign-key refusal either way (nothing tells that the file is here).
    const attempt = (hash: string, company: string) =>
      outsider.client.from('documents').insert({
        company_id: company,
        payable_id: paid.id,
        storage_path: `${company}/entries/${paid.id}/${randomUUID()}-x.pdf`,
        original_name: 'x.pdf',
        mime: 'application/pdf',
        size_bytes: 10,
        sha256: hash,
      });
    const known = await attempt(comprovante.data!.sha256, outsider.company.id);
    const unknown = await attempt(sha(unique(PDF)), outsider.company.id);
    expect(known.error).toMatchObject({
      code: '23503',
      message: expect.stringContaining('documents_company_id_payable_id_fkey') as unknown,
    });
    expect(unknown.error).toMatchObject({ code: known.error!.code, message: known.error!.message });
    // Naming our company: row-level security, whatever the hash.
    const theirsKnown = await attempt(comprovante.data!.sha256, owner.company.id);
    const theirsUnknown = await attempt(sha(unique(PDF)), owner.company.id);
    expect(theirsKnown.error).toMatchObject(rlsViolation('documents'));
    expect(theirsUnknown.error).toMatchObject(rlsViolation('documents'));
  });
});

// Issue 35: with a thousand companies in one table, a policy must not read every company's rows.
describe('row security of documents among many companies', () => {
  /** Every scan of accounts_payable in a plan (sub-plans included). */
  function payableScans(plan: Record<string, unknown>): Record<string, unknown>[] {
    const own = plan['Relation Name'] === 'accounts_payable' ? [plan] : [];
    const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
    return [...own, ...children.flatMap(payableScans)];
  }

  it.each([
    ['select', `select d.id from public.documents d where d.payable_id = $1`],
    ['delete', `delete from public.documents d where d.payable_id = $1`],
  ])(
    "%s: the 'obra' branch reads the one payable of the row (by company and id), not every company's payables",
    async (_, sql) => {
      const payable = await createPayable(owner, 80);
      const attached = await attach(
        owner.client,
        { company: owner.company.id, payable_id: payable.id },
        unique(PDF),
        { mime: 'application/pdf', name: 'nota.pdf' },
      );
      expect(attached.error).toBeNull();
      for (const member of [owner.user.id, obraMember.user.id]) {
        const plan = await asMember(db, member, async (client) => {
          // A small test table would be read whole anyway: only a scan keyed by the row counts.
          await client.query('set local enable_seqscan = off');
          const { rows } = await client.query<{
            'QUERY PLAN': [{ Plan: Record<string, unknown> }];
          }>(`explain (format json) ${sql}`, [payable.id]);
          return rows[0]!['QUERY PLAN'][0].Plan;
        });
        const scans = payableScans(plan);
        expect(scans.length).toBeGreaterThan(0);
        for (const scan of scans) {
          // Before 20261204010000: a hashed `payable_id in (select e.id …)`, a scan of the whole
          // table with no index condition (every company's payables).
          expect(scan['Index Cond'], JSON.stringify(scan)).toMatch(/id = d\.payable_id/);
        }
      }
    },
  );
});
