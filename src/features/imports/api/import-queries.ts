import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getImportMapping,
  importKeys,
  listImportBatches,
  runImport,
  saveImportMapping,
  undoImportBatch,
} from '@/features/imports/api/imports-stub';
import type { ImportKind, ImportPayload } from '@/features/imports/lib/contract-stub';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';

/** "Importações recentes": the company's batches, newest first. */
export function importBatchesQuery(companyId: string) {
  return queryOptions({
    queryKey: importKeys.batches(companyId),
    queryFn: () => listImportBatches(),
  });
}

export function useImportBatches() {
  const { id } = useCurrentCompany();
  return useQuery(importBatchesQuery(id));
}

/** The columns this company chose last time for the kind ({ fieldKey: "Header text" }). */
export function useImportMapping(kind: ImportKind | null) {
  const { id } = useCurrentCompany();
  return useQuery({
    queryKey: importKeys.mapping(id, kind ?? 'fornecedores'),
    queryFn: async () => (kind ? await getImportMapping(kind) : null),
    enabled: kind !== null,
  });
}

/**
 * Saves the rows in one transaction, then remembers the columns (a failure to remember does not
 * undo the import) and refreshes every list the new rows appear in.
 */
export function useRunImport() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      payload,
      remember,
    }: {
      payload: ImportPayload;
      remember: Record<string, string>;
    }) => {
      const batchId = await runImport(payload);
      await saveImportMapping(payload.kind, remember).catch(() => undefined);
      return batchId;
    },
    onSuccess: async (_batchId, { payload }) => {
      await Promise.all([
        invalidateMoney(queryClient, id),
        queryClient.invalidateQueries({ queryKey: importKeys.batches(id) }),
        queryClient.invalidateQueries({ queryKey: importKeys.mapping(id, payload.kind) }),
      ]);
    },
  });
}

/** Desfazer: removes the whole batch, or nothing (the database says why). */
export function useUndoImportBatch() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ batchId, createdAt }: { batchId: string; createdAt: string }) =>
      undoImportBatch(batchId, createdAt),
    onSettled: async () => {
      await Promise.all([
        invalidateMoney(queryClient, id),
        queryClient.invalidateQueries({ queryKey: importKeys.batches(id) }),
      ]);
    },
  });
}
