import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { NotFoundPage } from '@/app/not-found';
import { PageLoading } from '@/app/page-loading';
import { Button } from '@/components/ui/button';
import { deviceOffline, UNEXPECTED_ERROR_MESSAGE, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';
import { flushSavedCache, showsSavedCopy } from '@/lib/offline/saved-cache';

/** The screens (path and search) already retried once in this page's life. */
const retried = new Set<string>();

/**
 * A screen that breaks on what the device had saved (a copy in an older shape, a value JSON could
 * not keep) would break again on every reload: the restored data the server has not confirmed yet
 * leaves the cache and the saved copy, so that the screen is read again from the server. Offline
 * nothing could replace it, so it is kept (the retry still happens).
 */
async function discardSavedCopies(queryClient: QueryClient): Promise<void> {
  if (deviceOffline()) return;
  const restored = queryClient.getQueryCache().findAll({ predicate: showsSavedCopy });
  if (restored.length === 0) return;
  queryClient.removeQueries({ predicate: showsSavedCopy });
  await flushSavedCache({ evenIfEmpty: true });
}

/**
 * Shown when a page throws while rendering or its code cannot be loaded (e.g. offline). The first
 * time a screen fails, it is tried once more, without the data restored from the device.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const screen = `${location.pathname}${location.search}`;
  const [retrying] = useState(() => !notFound && !retried.has(screen));

  useEffect(() => {
    if (!retrying || retried.has(screen)) return;
    retried.add(screen);
    void discardSavedCopies(queryClient).then(() =>
      // A navigation to the same place: the route's error boundary starts over (a new location).
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: location.state as unknown },
      ),
    );
  }, [retrying, screen, queryClient, navigate, location]);

  if (notFound) return <NotFoundPage />;
  if (retrying) return <PageLoading />;

  return (
    <main
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{UNEXPECTED_ERROR_TITLE}</h1>
      <p className="text-muted-foreground">{UNEXPECTED_ERROR_MESSAGE} Tente novamente.</p>
      {/* A new deploy or a lost connection leaves stale chunks: only a reload fixes that. */}
      <Button onClick={() => window.location.reload()}>Tentar novamente</Button>
    </main>
  );
}
