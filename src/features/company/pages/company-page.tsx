import { Navigate } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { PageHeader } from '@/components/ui/page-header';
import { useCompanySettings } from '@/features/company/api/get-company-settings';
import { CompanySettingsForm } from '@/features/company/components/company-settings-form';
import { useCurrentCompany } from '@/lib/current-company';

/** /empresa: the company's own data, for its admins (the database refuses anyone else). */
export function CompanyPage() {
  const { role } = useCurrentCompany();
  if (role !== 'admin') return <Navigate to="/" replace />;
  return <AdminCompanyPage />;
}

function AdminCompanyPage() {
  const settings = useCompanySettings();
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title="Empresa" backTo="/preferencias" />
      <QueryState query={settings} error="Erro ao carregar os dados da empresa">
        {(company) => <CompanySettingsForm company={company} />}
      </QueryState>
    </div>
  );
}
