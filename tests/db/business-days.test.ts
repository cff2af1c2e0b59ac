// Business days in America/Sao_Paulo (issue 32): the national bank holidays (Easter computed), a
// bill due on a weekend or holiday announced the business day before, and the morning run that
// starts at 07:00 São Paulo time on business days only — whatever UTC says at 23:30 and 00:30.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, serviceClient, stackEnv, type TestClient } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let service: TestClient;
let admin: Member;

type Args = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };
function rpc(client: TestClient, fn: string, args: Args = {}) {
  return (client.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>).call(
    client,
    fn,
    args,
  );
}

async function sql<T>(query: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query(query, params);
  return rows[0] as T;
}

/** A run's planning as the notify function does it: the morning's pages, then the notices. */
async function plan(at: string) {
  for (let page = 0; page < 100; page++) {
    const { data, error } = await rpc(service, 'plan_mornings', { p_now: at, p_limit: 500 });
    if (error) throw new Error(error.message);
    const page = data as { companies: number; listed: number; more: boolean };
    if (!page.more || (!page.companies && !page.listed)) break;
  }
  const { error } = await rpc(service, 'plan_deliveries', { p_now: at });
  if (error) throw new Error(error.message);
}

/** The day's in-app summary of the admin, or undefined when none was written. */
async function summary(day: string) {
  const { rows } = await db.query<{ title: string; body: string }>(
    `select title, body from public.notices
     where company_id = $1 and user_id = $2 and kind = 'due_summary' and event_key = $3`,
    [admin.company.id, admin.user.id, day],
  );
  return rows[0];
}

/** The admin's daily e-mail planned for the day (its delivery row), or undefined. */
async function dailyEmail(day: string) {
  const { rows } = await db.query<{ planned: number }>(
    `select 1 as planned from public.notice_deliveries
     where company_id = $1 and user_id = $2 and channel = 'email' and kind = 'due_summary'
       and event_key = $3`,
    [admin.company.id, admin.user.id, day],
  );
  return rows[0];
}

async function digest(day: string) {
  return (
    await sql<{ d: { sections: { key: string; items: { description: string }[] }[] } | null }>(
      `select private.daily_digest($1, $2, $3) as d`,
      [admin.company.id, admin.user.id, day],
    )
  ).d;
}

const sectionItems = (d: Awaited<ReturnType<typeof digest>>, key: string) =>
  d?.sections.find((s) => s.key === key)?.items.map((i) => i.description) ?? [];

async function payable(description: string, due: string) {
  await db.query(
    `insert into public.accounts_payable (company_id, description, amount, due_date)
     values ($1, $2, 100, $3)`,
    [admin.company.id, description, due],
  );
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  service = serviceClient();
  admin = await createMember('Construtora Dias Úteis');
});
afterAll(async () => {
  await db.end();
});

describe('holidays and business days', () => {
  it.each([
    // year, Carnaval (Mon, Tue), Sexta-feira Santa, Corpus Christi
    [2026, '2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'],
    [2027, '2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27'],
  ])('%i: Carnaval, Sexta-feira Santa and Corpus Christi from Easter', async (year, ...moving) => {
    const { rows } = await db.query<{ d: string }>(
      `select to_char(d, 'YYYY-MM-DD') as d from private.br_holidays($1) d`,
      [year],
    );
    const days = rows.map((r) => r.d);
    expect(days).toEqual(
      [
        `${year}-01-01`,
        ...moving,
        `${year}-04-21`,
        `${year}-05-01`,
        `${year}-09-07`,
        `${year}-10-12`,
        `${year}-11-02`,
        `${year}-11-15`,
        `${year}-11-20`,
        `${year}-12-25`,
      ].sort(),
    );
    for (const day of moving) {
      expect(await sql(`select private.is_business_day($1) as b`, [day])).toEqual({ b: false });
    }
  });

  it('weekends are not business days; Quarta-feira de Cinzas is', async () => {
    const check = async (day: string) =>
      (await sql<{ b: boolean }>(`select private.is_business_day($1) as b`, [day])).b;
    expect(await check('2026-11-28')).toBe(false); // Saturday
    expect(await check('2026-11-29')).toBe(false); // Sunday
    expect(await check('2026-11-30')).toBe(true);
    expect(await check('2026-02-18')).toBe(true); // Ash Wednesday
  });

  it.each([
    ['a Friday before a Monday holiday (7 de Setembro)', '2026-09-04', '2026-09-08'],
    ['the Friday before Carnaval', '2026-02-13', '2026-02-18'],
    ['the Thursday before Sexta-feira Santa', '2027-03-25', '2027-03-29'],
    ['the Wednesday before Corpus Christi and its Friday', '2027-05-26', '2027-05-28'],
    ['a Thursday before a Friday holiday (20 de Novembro)', '2026-11-19', '2026-11-23'],
    ['an ordinary Tuesday', '2026-12-01', '2026-12-02'],
  ])('next business day after %s', async (_name, day, next) => {
    expect(
      await sql(`select to_char(private.next_business_day($1), 'YYYY-MM-DD') as d`, [day]),
    ).toEqual({ d: next });
  });
});

describe('bills due on a weekend or holiday are announced the business day before', () => {
  // Friday 2026-09-04; Saturday, Sunday and Monday 7 de Setembro follow; then Tue 8, Wed 9, Thu 10.
  beforeAll(async () => {
    admin = await createMember('Construtora Feriado');
    await payable('Sexta', '2026-09-04');
    await payable('Sábado', '2026-09-05');
    await payable('Domingo', '2026-09-06');
    await payable('Feriado', '2026-09-07');
    await payable('Terça', '2026-09-08');
    await payable('Quinta', '2026-09-10');
    await payable('Sexta seguinte', '2026-09-11');
    await payable('Quinta anterior', '2026-09-03');
  });

  it('on the Friday: Saturday, Sunday and the Monday holiday are "hoje"; the next 3 business days "próximos dias"', async () => {
    const d = await digest('2026-09-04');
    expect(sectionItems(d, 'today')).toEqual(['Sexta', 'Sábado', 'Domingo', 'Feriado']);
    // The 3rd business day after the Friday is Thursday the 10th.
    expect(sectionItems(d, 'soon')).toEqual(['Terça', 'Quinta']);
    expect(sectionItems(d, 'overdue')).toEqual(['Quinta anterior']);
  });

  it('the morning run: on the Friday at 07:00 it writes the summary and plans the e-mail; on the weekend and the holiday nothing', async () => {
    await plan('2026-09-05T08:00:00-03:00'); // Saturday
    await plan('2026-09-06T09:00:00-03:00'); // Sunday
    await plan('2026-09-07T10:00:00-03:00'); // Monday, 7 de Setembro
    for (const day of ['2026-09-05', '2026-09-06', '2026-09-07']) {
      expect(await summary(day)).toBeUndefined();
      expect(await dailyEmail(day)).toBeUndefined();
    }
    await plan('2026-09-04T07:00:00-03:00');
    expect(await summary('2026-09-04')).toEqual({
      title: 'Contas a vencer: 4 hoje, 1 vencida',
      body: 'A pagar: 4 hoje (R$ 400,00), 2 nos próximos 3 dias (R$ 200,00), 1 vencida (R$ 100,00)',
    });
    expect(await dailyEmail('2026-09-04')).toEqual({ planned: 1 });
    // The schedule runs all day; the morning's work is done once (its summary, removed here, is
    // not written again at 09:00).
    await db.query(
      `delete from public.notices where company_id = $1 and kind = 'due_summary' and event_key = '2026-09-04'`,
      [admin.company.id],
    );
    await plan('2026-09-04T09:00:00-03:00');
    expect(await summary('2026-09-04')).toBeUndefined();
  });
});

describe('the São Paulo day, not the UTC one', () => {
  // Wednesday 2027-03-03 and Thursday 2027-03-04, both business days. 23:30 in São Paulo is already
  // the next day in UTC (02:30Z); 00:30 is 03:30Z.
  beforeAll(async () => {
    admin = await createMember('Construtora Fuso');
    await payable('Vence quarta', '2027-03-03');
    await payable('Vence quinta', '2027-03-04');
  });

  it('at 23:30 on Wednesday the run is Wednesday\u2019s: the bill due Wednesday is "hoje", Thursday\u2019s "próximos dias"', async () => {
    await plan('2027-03-03T23:30:00-03:00');
    expect(await summary('2027-03-03')).toMatchObject({ title: 'Contas a vencer: 1 hoje' });
    expect(await summary('2027-03-04')).toBeUndefined();
    const d = await digest('2027-03-03');
    expect(sectionItems(d, 'today')).toEqual(['Vence quarta']);
    expect(sectionItems(d, 'soon')).toEqual(['Vence quinta']);
  });

  it('at 00:30 and 06:59 on Thursday nothing for Thursday yet; at 07:00 Thursday\u2019s, where Wednesday\u2019s bill is overdue', async () => {
    await plan('2027-03-04T00:30:00-03:00');
    expect(await summary('2027-03-04')).toBeUndefined();
    expect(await dailyEmail('2027-03-04')).toBeUndefined();
    await plan('2027-03-04T06:59:59-03:00');
    expect(await summary('2027-03-04')).toBeUndefined();
    await plan('2027-03-04T10:00:00Z'); // 07:00 in São Paulo
    expect(await summary('2027-03-04')).toEqual({
      title: 'Contas a vencer: 1 hoje, 1 vencida',
      body: 'A pagar: 1 hoje (R$ 100,00), 1 vencida (R$ 100,00)',
    });
    expect(await dailyEmail('2027-03-04')).toEqual({ planned: 1 });
  });
});
