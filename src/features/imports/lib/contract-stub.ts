// TEMPORARY (import-ui): the shapes of issue 34's contract (brief-34.md) until import-parse's
// modules are merged; replaced by imports of src/features/imports/lib/* then deleted.
export type ImportKind =
  'fornecedores' | 'clientes' | 'categorias' | 'obras' | 'contas_pagar' | 'contas_receber';

export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  aliases: string[];
}
export const IMPORT_FIELDS = {} as Record<ImportKind, ImportField[]>;
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  fornecedores: 'Fornecedores',
  clientes: 'Clientes',
  categorias: 'Categorias',
  obras: 'Obras',
  contas_pagar: 'Contas a pagar',
  contas_receber: 'Contas a receber',
};

export type Cell = string | number | boolean | null;
export interface Sheet {
  name: string;
  rows: Cell[][];
}
export class ImportFileError extends Error {
  key = 'corrupt';
}
export declare function readSpreadsheet(file: File | Blob, fileName: string): Promise<Sheet[]>;
export declare function findHeaderRow(rows: Cell[][], kind: ImportKind): number;
export type Mapping = Record<string, number | null>;
export declare function matchColumns(
  kind: ImportKind,
  header: Cell[],
  remembered?: Record<string, string>,
): Mapping;
export declare function mappingToHeaders(mapping: Mapping, header: Cell[]): Record<string, string>;

export interface ImportContext {
  suppliers: { id: string; name: string; document: string | null }[];
  clients: { id: string; name: string; document: string | null }[];
  projects: { id: string; name: string; status: string }[];
  categories: { id: string; name: string; type: 'expense' | 'income' }[];
  bankAccounts: { id: string; name: string }[];
}
export interface RowIssue {
  field: string;
  message: string;
}
export type RefField = 'project' | 'supplier' | 'client' | 'category';
export interface UnknownRef {
  field: RefField;
  name: string;
}
export interface PreviewRow {
  line: number;
  values: Record<string, string | number | null>;
  display: Record<string, string>;
  issues: RowIssue[];
  unknown: UnknownRef[];
  duplicate: boolean;
}
export declare function buildPreview(
  kind: ImportKind,
  sheet: Sheet,
  headerRow: number,
  mapping: Mapping,
  ctx: ImportContext,
): PreviewRow[];
export type RefChoice = { create: true } | { id: string };
export interface ImportPayload {
  kind: ImportKind;
  file_name: string;
  create: {
    projects: { key: string; name: string }[];
    suppliers: { key: string; name: string; document: string | null }[];
    clients: { key: string; name: string; document: string | null }[];
    categories: { key: string; name: string; type: 'expense' | 'income' }[];
  };
  rows: Record<string, string | number | null>[];
}
export declare function toImportPayload(
  kind: ImportKind,
  fileName: string,
  rows: PreviewRow[],
  choices: Record<RefField, Record<string, RefChoice>>,
): ImportPayload;
