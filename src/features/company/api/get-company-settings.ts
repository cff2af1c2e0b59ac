import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export function companySettingsQuery(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.settings(companyId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .from('companies')
        .select(
          'id, name, document, email, phone, address, city, state, zip_code, approval_threshold',
        )
        .eq('id', companyId)
        .abortSignal(signal)
        .single();
      if (error) throw error;
      return data;
    },
  });
}

export type CompanySettings = Awaited<
  ReturnType<NonNullable<ReturnType<typeof companySettingsQuery>['queryFn']>>
>;

export function useCompanySettings() {
  const { id } = useCurrentCompany();
  return useQuery(companySettingsQuery(id));
}
