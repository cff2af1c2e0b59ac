// Many companies in one database (issue 35): `TenantSeeder` grows a throwaway stack to N companies of
// mixed sizes, set-based (generate_series over companies × rows, a few dozen statements for a
// thousand small companies), as the database owner with every trigger firing as in production
// (approval, payment parts, balances, kept totals, audit), so the kept totals are true afterwards.
//
// Shape: one large company (options.largest entries; makeCompany's registers and addTeam's 50
// members with their avisos), `mids` companies of 20 000 entries (12 members), the others small
// (options.smallEntries on average, 50–800 each; 4 members, one of each role). Every company has
// 3 bank accounts, the 5 categories of makeCompany, obras, suppliers, clients, entries as `grow`
// makes them (a third split, the paid ones with their ledger rows, a transfer per 100 entries),
// comprovantes (documents rows) on a quarter of the payments, and avisos for every member.
// Every member signs in through /auth/v1/token with TENANT_PASSWORD (bcrypt, as the auth
// stand-in checks it; inserted into auth.users as the cluster's superuser, like addTeam).
//
// Used by `npm run bench -- --tenants N [--load]` (tenants-bench.ts, then load.ts on the same database).
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';
import {
  addRegisters,
  addTeam,
  companyOf,
  growCompanies,
  makeCompany,
  type Company,
  type Growth,
} from './scale';

export type TenantSize = 'small' | 'mid' | 'large';
export interface TenantUser {
  userId: string;
  email: string;
  password: string; // can sign in through /auth/v1/token
  role: 'admin' | 'financeiro' | 'obra' | 'leitura';
}
export interface Tenant {
  companyId: string;
  name: string;
  size: TenantSize;
  entries: number;
  users: TenantUser[]; // ≥ 1 admin, ≥ 1 financeiro, ≥ 1 obra, ≥ 1 leitura
  accountIds: string[];
  projectIds: string[];
  supplierIds: string[];
  clientIds: string[];
  categoryIds: { expense: string[]; income: string[] };
}
export interface TenantsOptions {
  count: number; // --tenants N (1000)
  largest: number; // entries of the one large company (200_000; --largest 20k for dev)
  mids: number; // companies of 20 000 entries (default 5; fewer when count is small)
  smallEntries: number; // entries of each other company (default ~300, varied 50–800)
  log: (line: string) => void;
}
export interface TenantsStack {
  apiUrl: string;
  anonKey: string;
  dbUrl: string;
  adminDbUrl: string;
}

/** Companies whose comprovantes one statement inserts (addDocuments). */
const DOCUMENT_BATCH = 100;

/** Every seeded member's password (makeCompany's too). */
export const TENANT_PASSWORD = 'bench-123456';
export const MID_ENTRIES = 20_000;

type Role = TenantUser['role'];
/** Members per role of a small and a mid company (the large one has addTeam's 50). */
const TEAMS: Record<'small' | 'mid', [Role, number][]> = {
  small: [
    ['admin', 1],
    ['financeiro', 1],
    ['obra', 1],
    ['leitura', 1],
  ],
  mid: [
    ['admin', 2],
    ['financeiro', 3],
    ['obra', 4],
    ['leitura', 3],
  ],
};
/** Registers of a small and a mid company (makeCompany's 300 obras / 400 / 200 for the large). */
const REGISTERS = {
  small: { projects: 6, suppliers: 20, clients: 10 },
  mid: { projects: 60, suppliers: 150, clients: 60 },
} as const;
/** Avisos per member of a small / mid company (one every 7 hours back, the last ~10 unread). */
const NOTICES = { small: 20, mid: 60, large: 500 } as const;

/** One company to seed: its place in the plan (names and e-mails carry it), size and entries. */
export interface TenantSpec {
  index: number;
  size: TenantSize;
  entries: number;
}

/**
 * The companies of `--tenants N`, in the order the bench seeds them: one small and one mid (each
 * timed alone first), the large one, then the others. Small companies' entries are spread 50–800
 * with most of them small (a square of a uniform spread: mean ≈ smallEntries at 300).
 */
export function planTenants(options: Omit<TenantsOptions, 'log'>): TenantSpec[] {
  const mids = Math.max(0, Math.min(options.mids, Math.floor(options.count / 20)));
  const smallCount = options.count - 1 - mids;
  if (smallCount < 1) throw new Error(`--tenants ${options.count}: too few companies`);
  const smallEntries = (k: number) => {
    const u = ((k * 7919) % 1000) / 1000;
    return Math.max(50, Math.round(((50 + 750 * u * u) * options.smallEntries) / 300));
  };
  // The small company timed is a typical one (smallEntries), the others spread around it.
  const specs: TenantSpec[] = [{ index: 0, size: 'small', entries: options.smallEntries }];
  if (mids > 0) specs.push({ index: 1, size: 'mid', entries: MID_ENTRIES });
  specs.push({ index: specs.length, size: 'large', entries: options.largest });
  for (let m = 1; m < mids; m++)
    specs.push({ index: specs.length, size: 'mid', entries: MID_ENTRIES });
  for (let k = 1; k < smallCount; k++) {
    specs.push({ index: specs.length, size: 'small', entries: smallEntries(k) });
  }
  return specs;
}

/** Seconds spent per phase of seeding, summed over batches (where seeding time goes). */
export type SeedTimings = Map<string, number>;

/**
 * The seeder of one stack: one owner connection, the password's bcrypt hash made once. `seed`
 * grows a batch of companies (any sizes) with one statement per table for the whole batch.
 */
export class TenantSeeder {
  readonly timings: SeedTimings = new Map();
  private passwordHash: string | undefined;
  private readonly run = Date.now().toString(36);

  /**
   * `db` needs `workers` connections: the entries of a batch are grown on that many at once, the
   * companies shared out by entries (different companies touch different kept rows and balances).
   */
  constructor(
    private readonly stack: TenantsStack,
    readonly db: pg.Pool,
    private readonly log: (line: string) => void,
    private readonly workers = 1,
  ) {}

  private async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    const out = await work();
    const seconds = (performance.now() - t0) / 1000;
    this.timings.set(name, (this.timings.get(name) ?? 0) + seconds);
    return out;
  }

  private async superuser<T>(work: (su: pg.Client) => Promise<T>): Promise<T> {
    const su = new pg.Client({ connectionString: this.stack.adminDbUrl });
    await su.connect();
    try {
      return await work(su);
    } finally {
      await su.end();
    }
  }

  private async hash(): Promise<string> {
    this.passwordHash ??= await this.superuser(
      async (su) =>
        (
          await su.query<{ h: string }>(
            `select extensions.crypt($1, extensions.gen_salt('bf')) as h`,
            [TENANT_PASSWORD],
          )
        ).rows[0]!.h,
    );
    return this.passwordHash;
  }

  async seed(specs: TenantSpec[]): Promise<Tenant[]> {
    if (specs.length === 0) return [];
    const t0 = performance.now();
    const made = new Map<number, { companyId: string; name: string }>();
    // The large company as scale.ts makes it: a member signed up through the API, create_company,
    // 300 obras, addTeam's 50 (who get the bench password here, so they can sign in too).
    for (const spec of specs.filter((s) => s.size === 'large')) {
      const company = await this.phase('large: makeCompany + addTeam', async () => {
        const c = await makeCompany(this.stack.apiUrl, this.stack.anonKey, this.db);
        await addTeam(this.stack.adminDbUrl, this.db, c.companyId, NOTICES.large);
        const hash = await this.hash();
        await this.superuser((su) =>
          su.query(
            `update auth.users set encrypted_password = $2
             where email like 'equipe-%-' || $1::text || '@example.com'`,
            [c.companyId, hash],
          ),
        );
        return c;
      });
      made.set(spec.index, { companyId: company.companyId, name: 'Construtora Década' });
    }
    const others = specs.filter((s) => s.size !== 'large');
    if (others.length) {
      for (const [index, company] of await this.makeCompanies(others)) made.set(index, company);
    }
    const growths: Growth[] = specs.map((s) => ({
      companyId: made.get(s.index)!.companyId,
      from: 0,
      to: s.entries,
    }));
    const shares: Growth[][] = Array.from(
      { length: Math.min(this.workers, growths.length) },
      () => [],
    );
    const load = shares.map(() => 0);
    for (const g of [...growths].sort((a, b) => b.to - a.to)) {
      const k = load.indexOf(Math.min(...load));
      shares[k]!.push(g);
      load[k]! += g.to - g.from;
    }
    const spent = (phase: string, seconds: number) =>
      this.timings.set(phase, (this.timings.get(phase) ?? 0) + seconds / shares.length);
    await this.phase('entries, ledger, transfers (growCompanies)', async () => {
      await Promise.all(
        shares.map((share) => growCompanies(this.db, share, spent, { analyze: false })),
      );
      await this.db.query('analyze');
    });
    const smallestFirst = [...growths].sort((a, b) => a.to - b.to).map((g) => g.companyId);
    await this.phase('documents (comprovantes)', () => this.addDocuments(smallestFirst));
    const tenants = await this.phase('reading ids', () => this.read(specs, made));
    this.log(
      `seeded ${specs.length} companies (${specs.reduce((n, s) => n + s.entries, 0)} entries) in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return tenants;
  }

  /** Members (auth.users, as the superuser), companies, profiles, registers, obra access, avisos. */
  private async makeCompanies(
    specs: TenantSpec[],
  ): Promise<Map<number, { companyId: string; name: string }>> {
    const hash = await this.hash();
    const members = specs.flatMap((s) =>
      TEAMS[s.size as 'small' | 'mid'].flatMap(([role, n]) =>
        Array.from({ length: n }, (_, k) => ({
          index: s.index,
          role,
          email: `t${s.index}-${role}${k + 1}-${this.run}@bench.example.com`,
        })),
      ),
    );
    const users = await this.phase('auth.users', () =>
      this.superuser(async (su) => {
        const { rows } = await su.query<{ id: string; email: string }>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
              confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
              raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
           select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                  e, $2, now(), '', '', '', '', '{"provider":"email","providers":["email"]}', '{}',
                  now(), now(), false, false
           from unnest($1::text[]) e
           returning id, email`,
          [members.map((m) => m.email), hash],
        );
        return new Map(rows.map((r) => [r.email, r.id]));
      }),
    );
    const admins = specs.map((s) => users.get(`t${s.index}-admin1-${this.run}@bench.example.com`)!);
    const names = specs.map(
      (s) => `${s.size === 'mid' ? 'Construtora Média' : 'Construtora'} ${s.index + 1}`,
    );
    const companies = await this.phase('companies + members', async () => {
      const { rows } = await this.db.query<{ id: string; created_by: string }>(
        `insert into public.companies (name, created_by)
         select n, a from unnest($1::text[], $2::uuid[]) x(n, a) returning id, created_by`,
        [names, admins],
      );
      const byAdmin = new Map(rows.map((r) => [r.created_by, r.id]));
      const companyOfIndex = new Map(specs.map((s, k) => [s.index, byAdmin.get(admins[k]!)!]));
      await this.db.query(
        `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
         select u, c, e, 'Membro ' || r || ' ' || e, r, true
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) x(u, c, e, r)`,
        [
          members.map((m) => users.get(m.email)!),
          members.map((m) => companyOfIndex.get(m.index)!),
          members.map((m) => m.email),
          members.map((m) => m.role),
        ],
      );
      return companyOfIndex;
    });
    await this.phase('registers', async () => {
      for (const size of ['small', 'mid'] as const) {
        const ids = specs.filter((s) => s.size === size).map((s) => companies.get(s.index)!);
        if (ids.length) await addRegisters(this.db, ids, REGISTERS[size]);
      }
    });
    const ids = [...companies.values()];
    await this.phase('obra access + avisos', async () => {
      // Each 'obra' member sees two obras of the company (its n-th and the next).
      await this.db.query(
        `insert into public.project_access (company_id, user_id, project_id)
         select m.company_id, m.user_id, p.id
         from (select company_id, user_id, row_number() over (partition by company_id order by user_id) as n
               from public.user_profiles where company_id = any($1) and role = 'obra') m
         join (select company_id, id, row_number() over (partition by company_id order by name) as n
               from public.projects where company_id = any($1)) p
           on p.company_id = m.company_id and p.n in (m.n, m.n + 1)`,
        [ids],
      );
      // Past avisos of every member (one every 7 hours back), the last 10 unread; 5 leitura
      // members of each company (all, when fewer) have the daily summary on.
      for (const size of ['small', 'mid'] as const) {
        const sized = specs.filter((s) => s.size === size).map((s) => companies.get(s.index)!);
        if (!sized.length) continue;
        await this.db.query(
          `insert into public.notices (company_id, user_id, kind, event_key, link, title, body, created_at, read_at)
           select p.company_id, p.user_id, 'statement_imported', 'bench-' || i, '/contas-bancarias',
                  'Extrato importado: ' || i, 'Importado por Bench', now() - make_interval(hours => i * 7),
                  case when i > 10 then now() - make_interval(hours => i * 7 - 1) end
           from public.user_profiles p, generate_series(1, $2::int) i
           where p.company_id = any($1)`,
          [sized, NOTICES[size]],
        );
      }
      await this.db.query(
        `insert into public.notice_settings (company_id, user_id, kind, enabled, email, push)
         select company_id, user_id, 'due_summary', true, true, true from public.user_profiles
         where company_id = any($1) and role = 'leitura'`,
        [ids],
      );
    });
    return new Map(
      specs.map((s, k) => [s.index, { companyId: companies.get(s.index)!, name: names[k]! }]),
    );
  }

  /**
   * A comprovante (documents row, as the upload writes it) on every fourth payment of a payable:
   * its trigger marks the entry as having one, which moves the "Sem comprovante" kept totals.
   */
  private async addDocuments(companyIds: string[]): Promise<void> {
    // By batches of companies, smallest first, each followed by an analyze: the insert's check
    // trigger looks for a duplicate row by row, and the plan it caches while the table is empty is
    // a sequential scan, which then reads every row inserted before (a thousand companies in one
    // statement ran past 10 minutes; the analyze invalidates the plan, the next is the index's).
    for (let k = 0; k < companyIds.length; k += DOCUMENT_BATCH) {
      await this.db.query(
        `insert into public.documents (company_id, payment_id, storage_path, original_name, mime, size_bytes, sha256, kind)
         select t.company_id, t.id, t.company_id || '/payments/' || t.id || '/comprovante.pdf', 'comprovante.pdf',
                'application/pdf', 120000 + (hashtext(t.id::text) & 65535),
                encode(extensions.digest(t.id::text, 'sha256'), 'hex'), 'comprovante'
         from public.transactions t
         where t.company_id = any($1) and t.payable_id is not null and hashtext(t.id::text) % 4 = 0`,
        [companyIds.slice(k, k + DOCUMENT_BATCH)],
      );
      await this.db.query('analyze public.documents');
    }
  }

  private async read(
    specs: TenantSpec[],
    made: Map<number, { companyId: string; name: string }>,
  ): Promise<Tenant[]> {
    const ids = specs.map((s) => made.get(s.index)!.companyId);
    const { rows } = await this.db.query<{
      company_id: string;
      users: { userId: string; email: string; role: Role }[];
      accounts: string[];
      projects: string[];
      suppliers: string[];
      clients: string[];
      expense: string[];
      income: string[];
    }>(
      `select c.id as company_id,
              (select json_agg(json_build_object('userId', p.user_id, 'email', p.email, 'role', p.role)
                               order by p.role = 'admin' desc, p.user_id = c.created_by desc, p.email)
               from public.user_profiles p where p.company_id = c.id) as users,
              array(select id from public.bank_accounts where company_id = c.id order by name) as accounts,
              array(select id from public.projects where company_id = c.id order by name) as projects,
              array(select id from public.suppliers where company_id = c.id order by name) as suppliers,
              array(select id from public.clients where company_id = c.id order by name) as clients,
              array(select id from public.categories where company_id = c.id and type = 'expense' order by name) as expense,
              array(select id from public.categories where company_id = c.id and type = 'income' order by name) as income
       from public.companies c where c.id = any($1)`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.company_id, r]));
    return specs.map((s) => {
      const { companyId, name } = made.get(s.index)!;
      const r = byId.get(companyId)!;
      return {
        companyId,
        name,
        size: s.size,
        entries: s.entries,
        users: r.users.map((u) => ({ ...u, password: TENANT_PASSWORD })),
        accountIds: r.accounts,
        projectIds: r.projects,
        supplierIds: r.suppliers,
        clientIds: r.clients,
        categoryIds: { expense: r.expense, income: r.income },
      };
    });
  }
}

/** Where seeding time went, one line per phase, largest first. */
export function formatSeedTimings(timings: SeedTimings): string {
  return [...timings]
    .sort((a, b) => b[1] - a[1])
    .map(([phase, seconds]) => `${phase}: ${seconds.toFixed(1)} s`)
    .join('; ');
}

/** A tenant as calls() times it: its first admin signed in through the API, and the timed ids. */
export async function signedInCompany(
  stack: TenantsStack,
  db: pg.Pool,
  tenant: Tenant,
): Promise<Company> {
  const supabase = createClient<Database>(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const admin = tenant.users.find((u) => u.role === 'admin')!;
  const { error } = await supabase.auth.signInWithPassword({
    email: admin.email,
    password: admin.password,
  });
  if (error) throw error;
  return companyOf(supabase, db, tenant.companyId);
}
