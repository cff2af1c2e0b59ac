// Importar NF-e (XML): the supplier and its payables in one call (import_nfe), and whether the
// company already has the NF-e (its chave on a payable).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { supplierKeys } from '@/lib/api/query-keys';
import { productUnit, type Nfe } from '@/lib/capture/nfe';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import type { Json } from '@/lib/database.types';

export interface ImportNfeInput {
  nfe: Nfe;
  projectId: string | null;
  categoryId: string | null;
  /** Add the NF-e's items to the supplier's products with their unit price. */
  addProducts: boolean;
  /**
   * The rateio of each duplicata (issue 33), in the database's shape, in the order of
   * nfe.duplicatas (one, for the total, when the note has none); absent = not split.
   */
  duplicataParts?: Json[] | null;
}

export interface ImportNfeResult {
  supplierId: string;
  supplierCreated: boolean;
  entryIds: string[];
}

/** The first payable of the company with this chave (the NF-e was imported), or null. */
export async function findImportedNfe(companyId: string, key: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('entries')
    .select('id')
    .eq('company_id', companyId)
    .eq('kind', 'expense')
    .eq('nfe_key', key)
    .order('due_date')
    .limit(1);
  if (error) throw error;
  return data[0]?.id ?? null;
}

/** import_nfe's jsonb: the supplier found or created, and the payables written. */
const importNfeAnswer = z.object({
  supplier_id: z.string(),
  supplier_created: z.boolean(),
  entry_ids: z.array(z.string()),
});

/** import_nfe's p_installments: each duplicata, with its parts when split. */
function installments({ nfe, duplicataParts }: ImportNfeInput): Json {
  const parts = (i: number) => (duplicataParts ? { parts: duplicataParts[i] ?? null } : {});
  // A note without duplicatas is one payable of its total due on the emissão: sent as such when
  // split, so that it carries its parts.
  if (nfe.duplicatas.length === 0 && duplicataParts)
    return [{ due_date: nfe.issuedOn, amount: Number(fromCents(nfe.totalCents)), ...parts(0) }];
  return nfe.duplicatas.map((dup, i) => ({
    due_date: dup.dueDate,
    amount: Number(fromCents(dup.amountCents)),
    ...parts(i),
  }));
}

export async function importNfe(
  companyId: string,
  input: ImportNfeInput,
): Promise<ImportNfeResult> {
  const { nfe } = input;
  const { data, error } = await supabase.rpc('import_nfe', {
    p_company_id: companyId,
    p_key: nfe.key,
    p_number: nfe.number,
    p_series: nfe.series,
    p_issued_on: nfe.issuedOn,
    p_total: Number(fromCents(nfe.totalCents)),
    p_supplier: {
      name: nfe.issuer.name,
      document: nfe.issuer.document,
      address: nfe.issuer.address,
      phone: nfe.issuer.phone,
    },
    p_installments: installments(input),
    p_project_id: input.projectId ?? undefined,
    p_category_id: input.categoryId ?? undefined,
    p_products: input.addProducts
      ? nfe.items
          .filter((item) => item.name !== '' && item.unitPriceCents > 0)
          .map((item) => ({
            name: item.name,
            price: Number(fromCents(item.unitPriceCents)),
            unit: productUnit(item.unit),
          }))
      : [],
  });
  if (error) throw error;
  const answer = importNfeAnswer.parse(data);
  return {
    supplierId: answer.supplier_id,
    supplierCreated: answer.supplier_created,
    entryIds: answer.entry_ids,
  };
}

export function useImportNfe() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportNfeInput) => importNfe(companyId, input),
    onSuccess: async () => {
      await Promise.all([
        invalidateMoney(queryClient, companyId),
        queryClient.invalidateQueries({ queryKey: supplierKeys.all(companyId) }),
      ]);
    },
  });
}
