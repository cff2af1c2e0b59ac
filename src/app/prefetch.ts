import type { LoaderFunction } from 'react-router-dom';
import { membershipsQuery } from '@/features/auth/api/get-memberships';
import { getSelectedCompanyId, pickCompany } from '@/features/auth/lib/selected-company';
import type { Prefetch } from '@/lib/api/prefetch';
import { queryClient } from '@/lib/query-client';
import { supabase } from '@/lib/supabase';

/**
 * The company the gate will open (src/app/protected-route.tsx): the stored session's user, its
 * memberships as cached or under way (main.tsx asks for them at start), the remembered choice.
 */
async function companyToOpen(): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return null;
  const memberships = await queryClient.query({
    ...membershipsQuery(userId),
    staleTime: 'static',
  });
  const company = pickCompany(
    memberships.map((m) => ({ ...m, id: m.companyId })),
    getSelectedCompanyId(userId),
  );
  return company?.companyId ?? null;
}

/**
 * A route loader that starts the page's first requests as soon as the company is known. React
 * Query starts a request when its observer subscribes, after React has rendered and committed the
 * whole page: on a phone that is most of a second in which the network sits idle. It never waits
 * and never fails: the page renders as before and finds its requests under way (or answered).
 */
export function prefetchLoader(prefetch: Prefetch): LoaderFunction {
  return ({ request }) => {
    void companyToOpen()
      .then((companyId) =>
        companyId
          ? Promise.allSettled(prefetch(queryClient, companyId, new URL(request.url)))
          : undefined,
      )
      .catch(() => undefined);
    return null;
  };
}
