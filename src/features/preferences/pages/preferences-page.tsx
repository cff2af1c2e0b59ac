import { lazyPiece } from '@/components/lazy-piece';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from '@/components/ui/page-header';
import { CompanyLinkCard } from '@/features/preferences/components/company-link-card';
import { MembersCard } from '@/features/preferences/components/members-card';
import { OwnNameCard } from '@/features/preferences/components/own-name-card';
import { SystemInfoCard } from '@/features/preferences/components/system-info-card';
import { ThemeCard } from '@/features/preferences/components/theme-card';
import { useCan } from '@/lib/roles';

// Its own chunk (the push code, the kinds' texts): started with the screen, shown when in.
const NotificationsCard = lazyPiece(
  async () =>
    (await import('@/features/preferences/components/notifications-card')).NotificationsCard,
  { fallback: <Spinner label="Carregando notificações..." className="py-6" /> },
);
NotificationsCard.preload();

/** SPEC §2 Preferências, with real member management (DESIGN §2). */
export function PreferencesPage() {
  const can = useCan();
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title="Preferências" backTo="/mais" />
      <ThemeCard />
      <OwnNameCard />
      {can('editCompany') ? <CompanyLinkCard /> : null}
      <MembersCard />
      {/* Below the team: its parts arrive one by one (its chunk, the settings, this device), and
          growing above Membros moved the invitation form under the admin's finger. */}
      <NotificationsCard />
      <SystemInfoCard />
    </div>
  );
}
