// Avisos (issue 32, in the app): each notice reaches the people it concerns and no one else, is
// written by the database only, once per recipient and event, and only its recipient reads it and
// marks it read.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, noPrivilege, stackEnv, type TestClient } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let admin: Member;
let other: Member;
const m = {} as Record<
  'financeiro' | 'obra' | 'obraOther' | 'leitura' | 'gone' | 'admin2',
  { client: TestClient; id: string; name: string }
>;
let projectId: string;
let projectB: string;
let accountId: string;
/** Joins by invitation below: a financeiro from then on. */
let ninaId: string;
const TODAY = new Date().toISOString().slice(0, 10);

type Args = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };
function rpc(client: TestClient, fn: string, args: Args) {
  return (client.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>).call(
    client,
    fn,
    args,
  );
}

async function memberWithRole(role: string, name: string) {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, admin.company.id, user.email, name, role],
  );
  return { client: user.client, id: user.user.id, name };
}

interface Notice {
  user_id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  entry_id: string | null;
}

/** Every notice of the company about a subject (entry or event key), as the superuser sees them. */
async function noticesAbout(key: string, kind?: string): Promise<Notice[]> {
  const { rows } = await db.query<Notice>(
    `select user_id, kind, title, body, link, entry_id::text from public.notices
     where company_id = $1 and (entry_id::text = $2 or event_key = $2 or event_key like $2 || '@%')
       and ($3::text is null or kind = $3)
     order by created_at, user_id`,
    [admin.company.id, key, kind ?? null],
  );
  return rows;
}

const recipients = (notices: Notice[]) => notices.map((n) => n.user_id).sort();

async function request(amount: number, description: string, project = projectId) {
  const { data, error } = await m.obra.client
    .from('accounts_payable')
    .insert({
      company_id: admin.company.id,
      description,
      amount,
      due_date: TODAY,
      project_id: project,
    })
    .select('id, amount, updated_at')
    .single();
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 3 });
  [admin, other] = await Promise.all([
    createMember('Construtora Avisos'),
    createMember('Construtora Vizinha'),
  ]);
  await db.query(`update public.companies set approval_threshold = 100 where id = $1`, [
    admin.company.id,
  ]);
  const projects = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra Norte'), ($1, 'Obra Sul')
     returning id`,
    [admin.company.id],
  );
  projectId = projects.rows[0]!.id;
  projectB = projects.rows[1]!.id;
  const account = await db.query<{ id: string }>(
    `insert into public.bank_accounts (company_id, name, type, initial_balance)
     values ($1, 'Conta Avisos', 'checking', 0) returning id`,
    [admin.company.id],
  );
  accountId = account.rows[0]!.id;
  [m.financeiro, m.obra, m.obraOther, m.leitura, m.gone, m.admin2] = await Promise.all([
    memberWithRole('financeiro', 'Fernanda Avisos'),
    memberWithRole('obra', 'Otávio Avisos'),
    memberWithRole('obra', 'Olga Avisos'),
    memberWithRole('leitura', 'Lúcio Avisos'),
    memberWithRole('financeiro', 'Davi Avisos'),
    memberWithRole('admin', 'Ana Avisos'),
  ]);
  await db.query(
    `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3), ($1, $4, $5)`,
    [admin.company.id, projectId, m.obra.id, projectB, m.obraOther.id],
  );
  await db.query(`update public.user_profiles set is_active = false where user_id = $1`, [
    m.gone.id,
  ]);
});

afterAll(async () => {
  await db.end();
});

describe('approvals', () => {
  it('a request above the alçada → the active admins and financeiros, not its author nor anyone else', async () => {
    const payable = await request(480, 'Areia média');
    const notices = await noticesAbout(payable.id, 'approval_pending');
    expect(recipients(notices)).toEqual([admin.user.id, m.financeiro.id, m.admin2.id].sort());
    expect(notices[0]).toMatchObject({
      title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Norte',
      body: 'Lançado por Otávio Avisos',
      link: `/lancamentos/expense/${payable.id}`,
    });
  });

  it('within the alçada: no request, no notice', async () => {
    const payable = await request(90, 'Pregos');
    expect(await noticesAbout(payable.id)).toEqual([]);
  });

  it('refused with the reason → its author only; corrected → asked again; approved → its author', async () => {
    const payable = await request(1234.5, 'Brita');
    const refused = await rpc(admin.client, 'refuse_payable', {
      p_payable_id: payable.id,
      p_amount: payable.amount,
      p_updated_at: payable.updated_at,
      p_reason: 'Preço acima da cotação',
    });
    expect(refused.error).toBeNull();
    // Decided: the request is read for every decider (their bells drop it).
    const unread = await db.query(
      `select 1 from public.notices where entry_id = $1 and kind = 'approval_pending' and read_at is null`,
      [payable.id],
    );
    expect(unread.rows).toEqual([]);
    const refusals = await noticesAbout(payable.id, 'approval_refused');
    expect(refusals).toMatchObject([
      {
        user_id: m.obra.id,
        title: 'Despesa recusada: Brita — R$ 1.234,50 — Obra Norte',
        body: 'Motivo: Preço acima da cotação',
      },
    ]);

    const corrected = await m.obra.client
      .from('accounts_payable')
      .update({ amount: 1100 })
      .eq('id', payable.id)
      .select('amount, updated_at')
      .single();
    expect(corrected.error).toBeNull();
    const asked = await noticesAbout(payable.id, 'approval_pending');
    // Twice to each decider: the first request and the corrected one.
    expect(recipients(asked)).toEqual(
      [
        admin.user.id,
        admin.user.id,
        m.financeiro.id,
        m.financeiro.id,
        m.admin2.id,
        m.admin2.id,
      ].sort(),
    );
    expect(asked.at(-1)!.title).toBe('Aprovação pendente: Brita — R$ 1.100,00 — Obra Norte');

    const approved = await rpc(m.financeiro.client, 'approve_payable', {
      p_payable_id: payable.id,
      p_amount: corrected.data!.amount,
      p_updated_at: corrected.data!.updated_at,
    });
    expect(approved.error).toBeNull();
    expect(await noticesAbout(payable.id, 'approval_approved')).toMatchObject([
      {
        user_id: m.obra.id,
        title: 'Despesa aprovada: Brita — R$ 1.100,00 — Obra Norte',
        body: null,
      },
    ]);
  });

  it('a deactivated author gets nothing', async () => {
    const payable = await request(700, 'Cal');
    await db.query(`update public.user_profiles set is_active = false where user_id = $1`, [
      m.obra.id,
    ]);
    try {
      const refused = await rpc(admin.client, 'refuse_payable', {
        p_payable_id: payable.id,
        p_amount: payable.amount,
        p_updated_at: payable.updated_at,
        p_reason: 'Sem orçamento',
      });
      expect(refused.error).toBeNull();
      expect(await noticesAbout(payable.id, 'approval_refused')).toEqual([]);
    } finally {
      await db.query(`update public.user_profiles set is_active = true where user_id = $1`, [
        m.obra.id,
      ]);
    }
  });
});

describe('who reads and marks them', () => {
  let noticeId: string;
  beforeAll(async () => {
    const payable = await request(555, 'Tijolos');
    const { rows } = await db.query<{ id: string }>(
      `select id from public.notices where entry_id = $1 and user_id = $2`,
      [payable.id, admin.user.id],
    );
    noticeId = rows[0]!.id;
  });

  it('only its recipient reads it', async () => {
    const seen = await Promise.all(
      [
        admin.client,
        m.financeiro.client,
        m.admin2.client,
        m.obra.client,
        m.leitura.client,
        other.client,
      ].map(
        async (client) =>
          (await client.from('notices').select('id').eq('id', noticeId)).data?.length,
      ),
    );
    expect(seen).toEqual([1, 0, 0, 0, 0, 0]);
  });

  it('nobody else marks it read; its recipient does, at the time of the server', async () => {
    const others = await Promise.all(
      [m.financeiro.client, m.admin2.client, other.client].map(
        async (client) =>
          (
            await client
              .from('notices')
              .update({ read_at: new Date().toISOString() })
              .eq('id', noticeId)
              .select('id')
          ).data?.length,
      ),
    );
    expect(others).toEqual([0, 0, 0]);
    const { data, error } = await admin.client
      .from('notices')
      .update({ read_at: '2001-01-01T00:00:00Z' })
      .eq('id', noticeId)
      .select('read_at')
      .single();
    expect(error).toBeNull();
    expect(new Date(data!.read_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('no client writes its text, inserts or deletes one', async () => {
    const title = await admin.client.from('notices').update({ title: 'Outro' }).eq('id', noticeId);
    expect(title.error).toMatchObject(noPrivilege('notices'));
    const inserted = await admin.client.from('notices').insert({
      company_id: admin.company.id,
      user_id: m.financeiro.id,
      kind: 'approval_pending',
      event_key: 'forjado',
      link: '/',
      title: 'Aviso forjado',
    });
    expect(inserted.error).toMatchObject(noPrivilege('notices'));
    const deleted = await admin.client.from('notices').delete().eq('id', noticeId);
    expect(deleted.error).toMatchObject(noPrivilege('notices'));
  });

  it('a deactivated member reads none of theirs', async () => {
    await db.query(
      `insert into public.notices (company_id, user_id, kind, event_key, link, title)
       values ($1, $2, 'approval_pending', 'antes', '/', 'Antes de sair')`,
      [admin.company.id, m.gone.id],
    );
    const { data, error } = await m.gone.client.from('notices').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('invitations and imports', () => {
  it('an invitation accepted → who invited', async () => {
    const invited = await createUser(undefined, undefined, 'Nina Convidada');
    ninaId = invited.user.id;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.company_invitations (company_id, email, role, invited_by)
       values ($1, $2, 'financeiro', $3) returning id`,
      [admin.company.id, invited.email, m.admin2.id],
    );
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role)
       values ($1, $2, $3, 'Nina Convidada', 'financeiro')`,
      [invited.user.id, admin.company.id, invited.email],
    );
    await db.query(
      `update public.company_invitations set accepted_at = now(), accepted_by = $2 where id = $1`,
      [rows[0]!.id, invited.user.id],
    );
    expect(await noticesAbout(rows[0]!.id)).toMatchObject([
      {
        user_id: m.admin2.id,
        kind: 'invitation_accepted',
        title: 'Convite aceito: Nina Convidada entrou na equipe',
        link: '/preferencias',
      },
    ]);
  });

  it('a statement imported by the financeiro → the admins; by an admin → the other admin', async () => {
    const statement = (by: string) =>
      db.query<{ id: string }>(
        `insert into public.bank_statements (company_id, bank_account_id, source, file_name, start_date, end_date, line_count, imported_by)
         values ($1, $2, 'ofx', 'extrato.ofx', '2026-01-01', '2026-01-31', 12, $3) returning id`,
        [admin.company.id, accountId, by],
      );
    const byFinanceiro = (await statement(m.financeiro.id)).rows[0]!.id;
    const notices = await noticesAbout(byFinanceiro);
    expect(recipients(notices)).toEqual([admin.user.id, m.admin2.id].sort());
    expect(notices[0]).toMatchObject({
      kind: 'statement_imported',
      title: 'Extrato importado: Conta Avisos — 12 lançamentos',
      body: 'Importado por Fernanda Avisos (extrato.ofx)',
      link: `/contas-bancarias/${accountId}/conciliacao`,
    });
    const byAdmin = (await statement(admin.user.id)).rows[0]!.id;
    expect(recipients(await noticesAbout(byAdmin))).toEqual([m.admin2.id]);
  });

  it('an NF-e imported by the financeiro → one notice per NF-e to each admin, its total', async () => {
    const key = '3'.repeat(44);
    await db.query(
      `insert into public.accounts_payable (company_id, description, supplier_name, amount, due_date, nfe_key,
                                            installment_number, installment_count, created_by)
       values ($1, 'NF-e 123 1/2', 'Depósito Central', 100, '2026-02-01', $2, 1, 2, $3),
              ($1, 'NF-e 123 2/2', 'Depósito Central', 150.25, '2026-03-01', $2, 2, 2, $3)`,
      [admin.company.id, key, m.financeiro.id],
    );
    const notices = await noticesAbout(key);
    expect(recipients(notices)).toEqual([admin.user.id, m.admin2.id].sort());
    expect(notices[0]).toMatchObject({
      kind: 'nfe_imported',
      title: 'NF-e importada: Depósito Central — R$ 250,25',
      body: 'Importada por Fernanda Avisos',
    });
  });
});

describe('the daily due-bills summary', () => {
  // Before every other entry of the company (all due today or later): this day's lines only.
  const DAY = '2020-06-10';

  beforeAll(async () => {
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
       values ($1, 'Hoje obra norte', 100, $2::date, $3),
              ($1, 'Em 2 dias geral', 50, $2::date + 2, null),
              ($1, 'Vencida obra sul', 30, $2::date - 5, $4),
              ($1, 'Em 10 dias', 999, $2::date + 10, null)`,
      [admin.company.id, DAY, projectId, projectB],
    );
    await db.query(
      // Of Obra Norte: an 'obra' member reads no receivable, so theirs does not say it.
      `insert into public.accounts_receivable (company_id, description, amount, due_date, project_id)
       values ($1, 'Medição', 2000, $2::date, $3)`,
      [admin.company.id, DAY, projectId],
    );
  });

  async function summaries() {
    const { rows } = await db.query<{ user_id: string; title: string; body: string; link: string }>(
      `select user_id, title, body, link from public.notices
       where company_id = $1 and kind = 'due_summary' and event_key = $2 order by user_id`,
      [admin.company.id, DAY],
    );
    return rows;
  }

  it('one notice a day per admin, financeiro and obra member (their obras), none to leitura or the deactivated; twice run writes once', async () => {
    const first = await db.query<{ n: number }>(`select private.write_due_notices($1) as n`, [DAY]);
    expect(first.rows[0]!.n).toBeGreaterThan(0);
    const again = await db.query<{ n: number }>(`select private.write_due_notices($1) as n`, [DAY]);
    const rows = await summaries();
    expect(recipients(rows as unknown as Notice[])).toEqual(
      [admin.user.id, m.admin2.id, m.financeiro.id, ninaId, m.obra.id, m.obraOther.id].sort(),
    );
    const mine = await db.query<{ n: string }>(
      `select count(*) as n from public.notices where company_id = $1 and kind = 'due_summary' and event_key = $2`,
      [admin.company.id, DAY],
    );
    expect(Number(mine.rows[0]!.n)).toBe(6);
    expect(again.rows[0]!.n).toBeLessThanOrEqual(first.rows[0]!.n);

    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, r]));
    expect(byUser[m.obra.id]).toMatchObject({
      title: 'Contas a vencer: 1 hoje',
      body: 'A pagar: 1 hoje (R$ 100,00)',
      link: '/',
    });
    expect(byUser[m.obraOther.id]).toMatchObject({
      title: 'Contas a vencer: 1 vencida',
      body: 'A pagar: 1 vencida (R$ 30,00)',
    });
    expect(byUser[admin.user.id]).toMatchObject({
      title: 'Contas a vencer: 2 hoje, 1 vencida',
      body:
        'A pagar: 1 hoje (R$ 100,00), 1 nos próximos 3 dias (R$ 50,00), 1 vencida (R$ 30,00)\n' +
        'A receber: 1 hoje (R$ 2.000,00)',
      link: '/contas-pagar',
    });
    expect(byUser[m.financeiro.id]!.body).toBe(byUser[admin.user.id]!.body);
  });

  it('only the service role (the schedule) may run it', async () => {
    const { error } = await rpc(admin.client, 'write_due_notices', { p_today: DAY });
    expect(error).toMatchObject({ code: 'PGRST202' });
  });
});
