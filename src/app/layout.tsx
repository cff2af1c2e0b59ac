import { Link, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { BottomNav } from '@/app/bottom-nav';
import { KeyboardShortcuts } from '@/app/keyboard-shortcuts';
import { useIsDesktop } from '@/lib/use-media-query';
import { OfflineStatus } from '@/app/offline-status';
import { routeAllowed } from '@/components/nav-items';
import { lazyPiece } from '@/components/lazy-piece';
import { NoticeBell } from '@/components/notice-bell';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useRole } from '@/lib/roles';

// Phones never download the sidebar; it is not part of the first-load budget (docs/performance.md).
// The placeholder keeps the content from jumping sideways when the sidebar arrives.
const Sidebar = lazyPiece(async () => (await import('@/app/sidebar')).Sidebar, {
  fallback: <div className="w-64 shrink-0 border-r bg-card" />,
  look: 'compact',
});

/**
 * The narrow single column of SPEC §1 above the bottom navigation on a phone; from 1024 px (the
 * office desktop) a sidebar and a content area up to 1280 px wide.
 */
export function AppLayout() {
  const navigation = useNavigation();
  const desktop = useIsDesktop();
  const { pathname } = useLocation();
  const allowed = routeAllowed(useRole(), pathname);

  return (
    <div className="min-h-dvh bg-background lg:flex">
      {navigation.state === 'loading' ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
          role="progressbar"
          aria-label="Carregando página"
        />
      ) : null}
      {desktop ? <Sidebar /> : null}
      {/* On a phone the page ends 11.5 rem above the screen's bottom: the bottom navigation and,
          above it, the toasts' place (src/components/ui/toaster.tsx). The last control of a page
          can always be scrolled clear of both, so a toast never sits on what the user taps next. */}
      <main
        className={
          desktop
            ? 'mx-auto w-full min-w-0 max-w-screen-xl px-8 pb-10'
            : 'mx-auto w-full max-w-md px-4 pb-[calc(11.5rem+env(safe-area-inset-bottom))] pt-[calc(0.25rem+env(safe-area-inset-top))]'
        }
      >
        {/* The status line's place is the top margin of every page: always there, always as tall,
            so that "Sem conexão" or "Atualizando…" coming and going never moves what is under a
            finger (src/components/offline/offline-banner.tsx).
            On a phone Avisos shares that row (the desktop has it in the sidebar): the row is as tall
            as the bell's touch target whatever the line says. */}
        {desktop ? (
          <OfflineStatus />
        ) : (
          <div className="-mr-2 flex items-center gap-1">
            <div className="min-w-0 flex-1">
              <OfflineStatus />
            </div>
            <NoticeBell />
          </div>
        )}
        {allowed ? <Outlet /> : <RoleRefusal />}
      </main>
      {desktop ? null : <BottomNav />}
      <KeyboardShortcuts />
    </div>
  );
}

/** An address typed or bookmarked that the member's role has no use for. */
function RoleRefusal() {
  return (
    <EmptyState
      className="mt-6"
      title="Seu perfil não permite esta ação."
      description="Peça a um administrador da empresa, se precisar deste acesso."
      action={
        <Link to="/" className={buttonVariants({ variant: 'default' })}>
          Voltar ao início
        </Link>
      }
    />
  );
}
