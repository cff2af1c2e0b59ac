// Users in GoTrue's tables (auth.users, auth.identities), read and serialised as GoTrue does.
import type { Pool, PoolClient } from 'pg';

export const DEFAULT_AUD = 'authenticated';
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  deleted_at: Date | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  confirmed_at, banned_until, is_anonymous, deleted_at`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function isBanned(u: UserRow): boolean {
  return u.banned_until !== null && u.banned_until.getTime() > Date.now();
}

export async function loadIdentities(
  db: Pool | PoolClient,
  userId: string,
): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at nulls first, id`,
    [userId],
  );
  return r.rows;
}

export function userJson(u: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

export async function findUserById(
  db: Pool | PoolClient,
  id: string,
  forUpdate = false,
): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function findUserByEmail(
  db: Pool | PoolClient,
  email: string,
  aud: string,
): Promise<UserRow | null> {
  // GoTrue also requires instance_id = nil UUID; seeds commonly leave it NULL, so accept both.
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and coalesce(aud, $2) = $2 and is_sso_user = false
        and coalesce(instance_id, '${NIL_UUID}'::uuid) = '${NIL_UUID}'::uuid
      order by created_at nulls last limit 1`,
    [email, aud],
  );
  return r.rows[0] ?? null;
}

export async function authenticate(
  db: Pool | PoolClient,
  userId: string,
  password: string,
): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(
    `select coalesce(encrypted_password like '$2%' and
                     encrypted_password = extensions.crypt($2, encrypted_password), false) as ok
       from auth.users where id = $1`,
    [userId, password],
  );
  return r.rows[0]?.ok === true;
}
