// POST /logout with GoTrue's scopes (global, local, others).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext } from './context';
import { badRequest } from './errors';
import { requireAuth } from './session';

export async function logout(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const scopeParam = query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scopeParam)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scopeParam}"`);
  }
  const scope = scopeParam === '' ? 'global' : scopeParam;
  const { user, sessionId } = await requireAuth(ctx, req);
  await ctx.tx(async (c) => {
    if (sessionId && scope === 'local') {
      await c.query('delete from auth.sessions where id = $1', [sessionId]);
    } else if (sessionId && scope === 'others') {
      await c.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        sessionId,
      ]);
    } else {
      await c.query('delete from auth.sessions where user_id = $1', [user.id]);
      await c.query('delete from auth.refresh_tokens where user_id = $1', [user.id]);
    }
  });
  res.statusCode = 204;
  res.end();
}
