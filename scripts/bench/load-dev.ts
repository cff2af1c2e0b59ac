// THROWAWAY until wip/tenants lands: the contract's shapes (brief-35) and a few companies made
// with scale.ts, so load.ts can be developed. Deleted when tenants.ts is merged.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { grow, makeCompany } from './scale';

export type TenantSize = 'small' | 'mid' | 'large';
export interface TenantUser {
  userId: string;
  email: string;
  password: string;
  role: 'admin' | 'financeiro' | 'obra' | 'leitura';
}
export interface Tenant {
  companyId: string;
  name: string;
  size: TenantSize;
  entries: number;
  users: TenantUser[];
  accountIds: string[];
  projectIds: string[];
  supplierIds: string[];
  clientIds: string[];
  categoryIds: { expense: string[]; income: string[] };
}

export async function devTenants(
  stack: { apiUrl: string; anonKey: string; dbUrl: string },
  count: number,
  largest: number,
  log: (line: string) => void,
): Promise<Tenant[]> {
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 1 });
  const out: Tenant[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const size: TenantSize = i === 0 ? 'large' : i < 3 ? 'mid' : 'small';
      const entries = size === 'large' ? largest : size === 'mid' ? Math.round(largest / 4) : 300;
      log(`dev company ${i + 1}/${count} (${entries} entries)…`);
      const c = await makeCompany(stack.apiUrl, stack.anonKey, db);
      await grow(db, c.companyId, 0, entries);
      const { data } = await c.supabase.auth.getUser();
      const users: TenantUser[] = [
        {
          userId: data.user!.id,
          email: data.user!.email!,
          password: 'bench-123456',
          role: 'admin',
        },
      ];
      for (const role of ['financeiro', 'financeiro', 'obra', 'leitura', 'admin'] as const) {
        const email = `dev-${role}-${users.length}-${c.companyId}@example.com`;
        const client = createClient(stack.apiUrl, stack.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: { transport: ws as never },
        });
        const { data: up, error } = await client.auth.signUp({ email, password: 'bench-123456' });
        if (error) throw error;
        await db.query(
          `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
           values ($1, $2, $3, $4, $5, true)`,
          [up.user!.id, c.companyId, email, `Dev ${role} ${users.length}`, role],
        );
        if (role === 'obra') {
          await db.query(
            `insert into public.project_access (company_id, user_id, project_id)
             select $1, $2, id from public.projects where company_id = $1 order by name limit 3`,
            [c.companyId, up.user!.id],
          );
        }
        users.push({ userId: up.user!.id, email, password: 'bench-123456', role });
      }
      const ids = async (sql: string) =>
        (await db.query<{ id: string }>(sql, [c.companyId])).rows.map((r) => r.id);
      out.push({
        companyId: c.companyId,
        name: `Dev ${i}`,
        size,
        entries,
        users,
        accountIds: await ids(
          `select id from public.bank_accounts where company_id = $1 order by name`,
        ),
        projectIds: await ids(
          `select id from public.projects where company_id = $1 order by name limit 20`,
        ),
        supplierIds: await ids(
          `select id from public.suppliers where company_id = $1 order by name limit 20`,
        ),
        clientIds: await ids(
          `select id from public.clients where company_id = $1 order by name limit 20`,
        ),
        categoryIds: {
          expense: await ids(
            `select id from public.categories where company_id = $1 and type = 'expense' order by name`,
          ),
          income: await ids(
            `select id from public.categories where company_id = $1 and type = 'income' order by name`,
          ),
        },
      });
    }
  } finally {
    await db.end();
  }
  return out;
}
