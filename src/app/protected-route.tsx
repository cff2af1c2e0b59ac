import { onlineManager, useQueryClient, type Query } from '@tanstack/react-query';
import {
  Fragment,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { PageLoading } from '@/app/page-loading';
import { Button } from '@/components/ui/button';
import { membershipsQuery, useMemberships } from '@/features/auth/api/get-memberships';
import { useAuth } from '@/features/auth/lib/auth-context';
import {
  getSelectedCompanyId,
  pickCompany,
  setSelectedCompanyId,
} from '@/features/auth/lib/selected-company';
import { CompanySwitcherContext, type CompanySwitcher } from '@/lib/company-switcher';
import { CurrentCompanyContext, type CurrentCompany } from '@/lib/current-company';
import { getErrorMessage, OFFLINE_MESSAGE, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';
import { isWaitingForNetwork } from '@/components/query-state';
import { onRestoreSettled, restoreSettled } from '@/lib/offline/saved-cache';
import { usePersistedCache } from '@/lib/offline/use-persisted-cache';

/**
 * The auth gate of SPEC §2: "Carregando..." while the session and memberships load, /auth
 * without a user, /company-setup without an active membership. Provides the current company
 * (the remembered choice among the user's companies) and the company switcher.
 */
/**
 * Offline with nothing saved on this device to open the app with (the first visit, or a device that
 * reported no network at sign-in): said, with a retry, instead of "Carregando..." for ever.
 */
function GateOffline({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">Sem conexão</h1>
      <p className="text-muted-foreground">
        Os dados da empresa ainda não estão salvos neste aparelho. Tente novamente quando a conexão
        voltar.
      </p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Tentando...' : 'Tentar novamente'}
      </Button>
    </main>
  );
}

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading, signedOut, sessionExpired, retryLoad } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const memberships = useMemberships(user?.id);
  // The choice made in this visit; otherwise the one remembered in this browser.
  const [chosenId, setChosenId] = useState<string | null>(null);

  const userId = user?.id;
  const switchCompany = useCallback(
    (companyId: string) => {
      if (!userId) return;
      setSelectedCompanyId(userId, companyId);
      // Nothing read for the previous company may show under the new one: its requests still in
      // flight are aborted (every fetcher passes React Query's signal on) and its data dropped.
      // Company data is keyed by company id, so even a late answer could not land under the new one.
      const companyData = { predicate: (query: Query) => query.queryKey[0] !== 'session' };
      void queryClient.cancelQueries(companyData);
      queryClient.removeQueries(companyData);
      setChosenId(companyId);
      void navigate('/');
    },
    [navigate, queryClient, userId],
  );

  // The read waits for the network React Query believes is gone. "Tentar novamente" asks anyway:
  // navigator.onLine can say offline on a device whose requests get through; an answer proves the
  // way to the server, and the app goes online with it.
  const [retryingMemberships, setRetryingMemberships] = useState(false);
  const sessionRestored = useSyncExternalStore(onRestoreSettled, () =>
    userId ? restoreSettled(`session:${userId}`) : false,
  );
  const retryMemberships = useCallback(() => {
    if (!userId) return;
    const options = membershipsQuery(userId);
    setRetryingMemberships(true);
    void queryClient
      .cancelQueries({ queryKey: options.queryKey })
      .then(() => queryClient.query({ ...options, networkMode: 'always', retry: false }))
      .then(
        () => onlineManager.setOnline(true),
        () => toast.error('Sem conexão', { description: OFFLINE_MESSAGE }),
      )
      .finally(() => setRetryingMemberships(false));
  }, [queryClient, userId]);

  const current = useMemo(() => {
    if (!userId || !memberships.data) return undefined;
    return pickCompany(memberships.data, chosenId ?? getSelectedCompanyId(userId));
  }, [chosenId, memberships.data, userId]);

  const company = useMemo<CurrentCompany | null>(
    () =>
      current && user
        ? {
            id: current.companyId,
            name: current.companyName,
            role: current.role,
            userId: user.id,
            email: current.email || (user.email ?? ''),
            fullName: current.fullName,
          }
        : null,
    [current, user],
  );

  // The last data seen stays on the device for offline use (user and company keyed).
  usePersistedCache(userId, company?.id);

  // The first screen mounts in a background render when the memberships land: React yields to the
  // browser while it renders a whole page (docs/performance.md). A company switch shows at once.
  const deferredCompany = useDeferredValue(company);
  const shownCompany = deferredCompany === null ? null : company;

  const switcher = useMemo<CompanySwitcher>(
    () => ({
      companies: (memberships.data ?? []).map((m) => ({
        id: m.companyId,
        name: m.companyName,
        role: m.role,
      })),
      switchCompany,
    }),
    [memberships.data, switchCompany],
  );

  if (loading) {
    return retryLoad ? <GateOffline onRetry={retryLoad} retrying={false} /> : <PageLoading />;
  }
  if (!user) {
    // After "Sair" the next sign-in starts at home; a visitor arriving signed out, or a user whose
    // session expired, returns to the page they were on (where their draft waits).
    const state =
      signedOut && !sessionExpired ? undefined : { from: location.pathname + location.search };
    return <Navigate to="/auth" replace state={state} />;
  }
  if (memberships.isPending) {
    // Offline, the memberships may still come from the device: "Sem conexão" once it has none.
    if (!isWaitingForNetwork(memberships) || !sessionRestored) return <PageLoading />;
    return <GateOffline onRetry={retryMemberships} retrying={retryingMemberships} />;
  }
  if (memberships.isError) {
    return (
      <main
        role="alert"
        className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-xl font-semibold">{UNEXPECTED_ERROR_TITLE}</h1>
        <p className="text-muted-foreground">{getErrorMessage(memberships.error)}</p>
        <Button
          onClick={() =>
            void memberships.refetch().then((result) => {
              if (result.isError) toast.error('Erro ao selecionar empresa');
            })
          }
        >
          Tentar novamente
        </Button>
      </main>
    );
  }
  if (!company) {
    // "No company" restored from the device (persist-cache.ts) may be older than the request under
    // way: a user who joined a company elsewhere must land on the page opened, not company setup.
    if (memberships.isFetching) return <PageLoading />;
    return <Navigate to="/company-setup" replace />;
  }
  if (!shownCompany) return <PageLoading />;

  return (
    <CurrentCompanyContext.Provider value={shownCompany}>
      <CompanySwitcherContext.Provider value={switcher}>
        {/* A new company starts every screen afresh: no state of the old one (a dialog open on
            one of its rows, a filter by its obra) carries over. */}
        <Fragment key={shownCompany.id}>{children}</Fragment>
      </CompanySwitcherContext.Provider>
    </CurrentCompanyContext.Provider>
  );
}
