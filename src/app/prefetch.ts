import type { LoaderFunction } from 'react-router-dom';
import { membershipsQuery } from '@/features/auth/api/get-memberships';
import { getSelectedCompanyId, pickCompany } from '@/features/auth/lib/selected-company';
import type { Prefetch } from '@/lib/api/prefetch';
import { nextTask } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';
import { getSession } from '@/lib/supabase';

/**
 * The stored session's user and memberships, as cached or asked now. main.tsx asks at start: the
 * gate needs them before any signed-in screen, and React commits nothing until a lazy route's code
 * has arrived, so the gate's own request would start only then.
 */
export async function startMemberships() {
  const userId = (await getSession())?.user.id;
  if (!userId) return null;
  const memberships = await queryClient.query({
    ...membershipsQuery(userId),
    staleTime: 'static',
  });
  return { userId, memberships };
}

/** The company the gate will open (src/app/protected-route.tsx), the remembered choice, and the
 * member's role in it. */
async function companyToOpen() {
  const session = await startMemberships();
  if (!session) return null;
  return pickCompany(session.memberships, getSelectedCompanyId(session.userId)) ?? null;
}

/**
 * A route loader that starts the page's first requests as soon as the company is known. React
 * Query starts a request when its observer subscribes, after React has rendered and committed the
 * whole page: on a phone that is most of a second in which the network sits idle. It never waits
 * and never fails: the page renders as before and finds its requests under way (or answered).
 * Each request starts in a task of its own: building and sending one costs a few milliseconds of
 * main thread on a phone, five together would block it (docs/performance.md).
 */
export function prefetchLoader(prefetch: Prefetch): LoaderFunction {
  return ({ request }) => {
    void companyToOpen()
      .then(async (membership) => {
        if (!membership) return;
        const { companyId, role } = membership;
        for (const read of prefetch(companyId, new URL(request.url), role)) {
          await nextTask();
          void read(queryClient).catch(() => undefined);
        }
      })
      .catch(() => undefined);
    return null;
  };
}
