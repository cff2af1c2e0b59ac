// TEMPORARY (import-ui): the calls of import-db's src/lib/api/imports.ts (brief-34.md) until it
// is merged.
import type { ImportKind, ImportPayload } from '@/features/imports/lib/contract-stub';

export interface ImportBatch {
  id: string;
  kind: ImportKind;
  file_name: string;
  row_count: number;
  created_at: string;
  undone_at: string | null;
}
export declare function runImport(payload: ImportPayload): Promise<string>;
export declare function findDuplicates(
  kind: ImportKind,
  rows: ImportPayload['rows'],
): Promise<number[]>;
export declare function listImportBatches(): Promise<ImportBatch[]>;
export declare function undoImportBatch(id: string, createdAt: string): Promise<void>;
export declare function getImportMapping(kind: ImportKind): Promise<Record<string, string> | null>;
export declare function saveImportMapping(
  kind: ImportKind,
  mapping: Record<string, string>,
): Promise<void>;
export const importKeys = {
  batches: (companyId: string) => ['companies', companyId, 'imports', 'batches'] as const,
  mapping: (companyId: string, kind: ImportKind) =>
    ['companies', companyId, 'imports', 'mapping', kind] as const,
};
