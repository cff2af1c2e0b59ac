import { PageHeader } from '@/components/ui/page-header';
import { CompanyLinkCard } from '@/features/preferences/components/company-link-card';
import { MembersCard } from '@/features/preferences/components/members-card';
import { SystemInfoCard } from '@/features/preferences/components/system-info-card';
import { ThemeCard } from '@/features/preferences/components/theme-card';
import { useCurrentCompany } from '@/lib/current-company';

/** SPEC §2 Preferências, with real member management (DESIGN §2). */
export function PreferencesPage() {
  const { role } = useCurrentCompany();
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title="Preferências" backTo="/mais" />
      <ThemeCard />
      {role === 'admin' ? <CompanyLinkCard /> : null}
      <MembersCard />
      <SystemInfoCard />
    </div>
  );
}
