import { useNfeSplit } from '@/features/entries/components/split/use-nfe-split';
import { SupplierDetailPage } from '@/features/suppliers/pages/supplier-detail-page';

/**
 * A supplier's page with "Ratear" in its Importar NF-e, as Lançar's (issue 33): the split editor
 * belongs to the entries feature, so the app composes the two (a feature imports no other).
 */
export function SupplierDetailRoute() {
  const nfeSplit = useNfeSplit();
  return <SupplierDetailPage nfeSplit={nfeSplit} />;
}
