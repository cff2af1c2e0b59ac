import { PageHeader } from '@/components/ui/page-header';
import { CompanyLinkCard } from '@/features/preferences/components/company-link-card';
import { MembersCard } from '@/features/preferences/components/members-card';
import { OwnNameCard } from '@/features/preferences/components/own-name-card';
import { SystemInfoCard } from '@/features/preferences/components/system-info-card';
import { ThemeCard } from '@/features/preferences/components/theme-card';
import { useCan } from '@/lib/roles';

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
      <SystemInfoCard />
    </div>
  );
}
