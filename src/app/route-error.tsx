import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from '@/app/not-found';
import { Button } from '@/components/ui/button';
import { UNEXPECTED_ERROR_MESSAGE, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';

/** Shown when a page throws while rendering or its code cannot be loaded (e.g. offline). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

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
