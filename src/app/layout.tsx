import { Outlet, useNavigation } from 'react-router-dom';
import { BottomNav } from '@/app/bottom-nav';
import { OfflineStatus } from '@/app/offline-status';

/** The narrow single column of SPEC §1 (centred on desktop) above the bottom navigation. */
export function AppLayout() {
  const navigation = useNavigation();

  return (
    <div className="min-h-dvh bg-background">
      {navigation.state === 'loading' ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
          role="progressbar"
          aria-label="Carregando página"
        />
      ) : null}
      <main className="mx-auto w-full max-w-md px-4 pb-[calc(5.5rem+env(safe-area-inset-bottom))] pt-[calc(1rem+env(safe-area-inset-top))]">
        <OfflineStatus />
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
