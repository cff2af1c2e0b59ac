import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { findDuplicates } from '@/features/imports/api/imports-stub';
import { useImportMapping, useRunImport } from '@/features/imports/api/import-queries';
import {
  IMPORT_KIND_LABELS,
  ImportFileError,
  type Cell,
  type ImportContext,
  type ImportKind,
  type Mapping,
  type PreviewRow,
  type RefChoice,
  type RefField,
  type Sheet,
} from '@/features/imports/lib/contract-stub';
import {
  useBankAccounts,
  useCategories,
  useClients,
  useProjects,
  useSuppliers,
} from '@/lib/api/lookups';
import { errorKey, getErrorMessage } from '@/lib/errors';

export type ImportStep = 'file' | 'columns' | 'preview' | 'done';
export type RowStatus = 'ready' | 'error' | 'duplicate' | 'skipped';
export type RowFilter = 'all' | RowStatus;

export const PAGE_SIZE = 50;

const KINDS = Object.keys(IMPORT_KIND_LABELS) as ImportKind[];

export function isImportKind(value: string | null): value is ImportKind {
  return value !== null && (KINDS as string[]).includes(value);
}

/** Where the imported rows are listed. */
export const KIND_PATHS: Record<ImportKind, string> = {
  fornecedores: '/fornecedores',
  clientes: '/clientes',
  categorias: '/categorias',
  obras: '/obras',
  contas_pagar: '/contas-pagar',
  contas_receber: '/contas-receber',
};

/** The app's own texts for what could not be read; the parser's keys (brief-34.md). */
const CORRUPT_TEXT =
  'Não foi possível ler o arquivo. Confira se ele abre no Excel e tente de novo.';
const FILE_ERROR_TEXTS: Record<string, string> = {
  empty: 'A planilha está vazia: não há linhas para importar.',
  password:
    'A planilha está protegida por senha. Abra no Excel, tire a senha (Arquivo › Informações › Proteger pasta de trabalho) e salve de novo.',
  too_big: 'O arquivo passa de 20 MB. Divida a planilha em arquivos menores.',
  too_many_rows: 'A planilha tem mais de 5.000 linhas. Divida em arquivos de até 5.000 linhas.',
  unsupported: 'Formato não suportado. Escolha um arquivo .xlsx, .xls ou .csv.',
  corrupt: CORRUPT_TEXT,
};

export interface LoadedFile {
  name: string;
  sheets: Sheet[];
}

export interface SaveFailure {
  message: string;
  /** The sheet's row the database refused, when it says. */
  line: number | null;
}

export interface UnknownEntry {
  field: RefField;
  name: string;
  /** How many chosen rows name it. */
  count: number;
}

const EMPTY_CHOICES: Record<RefField, Record<string, RefChoice>> = {
  project: {},
  supplier: {},
  client: {},
  category: {},
};

function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell);
}

/** The line named by a refusal (DETAIL or HINT, as the app's other errors carry it). */
function refusedLine(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  for (const name of ['details', 'hint'] as const) {
    const value = (error as Record<string, unknown>)[name];
    const match = typeof value === 'string' ? /\d+/.exec(value) : null;
    if (match) return Number(match[0]);
  }
  return null;
}

function statusOf(
  row: PreviewRow,
  skipped: Record<number, boolean>,
  chosen: Record<number, boolean>,
): RowStatus {
  if (skipped[row.line]) return 'skipped';
  if (row.issues.length > 0) return 'error';
  if (row.duplicate && !chosen[row.line]) return 'duplicate';
  return 'ready';
}

/**
 * Importar planilha: what to import and the file, its columns, the preview (fixes, skips, new
 * registers, duplicates) and the save. Everything the user chose stays here until the server has
 * it: a refusal keeps the preview as it was.
 */
export function useImport() {
  const [params, setParams] = useSearchParams();
  const tipo = params.get('tipo');
  const kind = isImportKind(tipo) ? tipo : null;

  const [step, setStep] = useState<ImportStep>('file');
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [sheetIndex, setSheetIndex] = useState(0);
  const [headerRow, setHeaderRow] = useState(0);
  const [mapping, setMapping] = useState<Mapping>({});

  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [building, setBuilding] = useState(false);
  const [fixed, setFixed] = useState<Record<number, PreviewRow>>({});
  const [edits, setEdits] = useState<Record<number, Record<string, string>>>({});
  const [skipped, setSkipped] = useState<Record<number, boolean>>({});
  const [chosenDuplicates, setChosenDuplicates] = useState<Record<number, boolean>>({});
  const [serverDuplicates, setServerDuplicates] = useState<Record<number, boolean>>({});
  const [duplicateCheck, setDuplicateCheck] = useState<'idle' | 'checking' | 'done' | 'error'>(
    'idle',
  );
  const [choices, setChoices] = useState(EMPTY_CHOICES);
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(0);
  const [saveFailure, setSaveFailure] = useState<SaveFailure | null>(null);
  const [result, setResult] = useState<{ kind: ImportKind; count: number } | null>(null);

  const remembered = useImportMapping(kind);
  const runImport = useRunImport();
  const suppliers = useSuppliers({ activeOnly: false });
  const clients = useClients({ activeOnly: false });
  const projects = useProjects();
  const categories = useCategories({ activeOnly: false });
  const bankAccounts = useBankAccounts();

  const context: ImportContext | null = useMemo(() => {
    if (!suppliers.data || !clients.data || !projects.data || !categories.data) return null;
    if (!bankAccounts.data) return null;
    return {
      suppliers: suppliers.data.map((s) => ({ id: s.id, name: s.name, document: s.document })),
      clients: clients.data.map((c) => ({ id: c.id, name: c.name, document: c.document })),
      projects: projects.data.map((p) => ({ id: p.id, name: p.name, status: p.status })),
      categories: categories.data.map((c) => ({
        id: c.id,
        name: c.name,
        type: c.type as 'expense' | 'income',
      })),
      bankAccounts: bankAccounts.data.map((a) => ({ id: a.id, name: a.name })),
    };
  }, [suppliers.data, clients.data, projects.data, categories.data, bankAccounts.data]);
  const contextQueries = [suppliers, clients, projects, categories, bankAccounts];
  const contextError = contextQueries.find((q) => q.isError)?.error ?? null;

  const sheet = file?.sheets[sheetIndex] ?? null;
  const header = sheet?.rows[headerRow] ?? [];

  function chooseKind(next: ImportKind) {
    setParams({ tipo: next }, { replace: true });
    setSaveFailure(null);
  }

  async function readFile(chosen: File | undefined) {
    if (!chosen) return;
    setReading(true);
    setReadError(null);
    try {
      // The readers (read-excel-file, papaparse, SheetJS for .xls) load only now.
      const lib = await import('@/features/imports/lib/contract-stub');
      const sheets = await lib.readSpreadsheet(chosen, chosen.name);
      setFile({ name: chosen.name, sheets });
      setSheetIndex(0);
    } catch (error) {
      setReadError(
        error instanceof ImportFileError
          ? (FILE_ERROR_TEXTS[error.key] ?? CORRUPT_TEXT)
          : CORRUPT_TEXT,
      );
    } finally {
      setReading(false);
    }
  }

  async function matchFor(forKind: ImportKind, target: Sheet, row: number): Promise<Mapping> {
    const lib = await import('@/features/imports/lib/contract-stub');
    return lib.matchColumns(forKind, target.rows[row] ?? [], remembered.data ?? undefined);
  }

  /** Step 1 → 2: the header row found and the columns matched (the remembered ones first). */
  async function toColumns() {
    if (!kind || !file) return;
    const lib = await import('@/features/imports/lib/contract-stub');
    const target = file.sheets[sheetIndex] ?? file.sheets[0];
    if (!target) return;
    const row = lib.findHeaderRow(target.rows, kind);
    setHeaderRow(row);
    setMapping(await matchFor(kind, target, row));
    setStep('columns');
  }

  async function changeSheet(index: number) {
    if (!file || !kind) return;
    const lib = await import('@/features/imports/lib/contract-stub');
    const target = file.sheets[index];
    if (!target) return;
    const row = lib.findHeaderRow(target.rows, kind);
    setSheetIndex(index);
    setHeaderRow(row);
    setMapping(await matchFor(kind, target, row));
  }

  async function changeHeaderRow(row: number) {
    if (!sheet || !kind) return;
    setHeaderRow(row);
    setMapping(await matchFor(kind, sheet, row));
  }

  function mapField(field: string, column: number | null) {
    setMapping((m) => ({ ...m, [field]: column }));
  }

  /** Step 2 → 3: every row as it will be saved, then the duplicates the database already has. */
  async function toPreview() {
    if (!kind || !sheet || !context) return;
    setBuilding(true);
    try {
      const lib = await import('@/features/imports/lib/contract-stub');
      const built = lib.buildPreview(kind, sheet, headerRow, mapping, context);
      setRows(built);
      setFixed({});
      setEdits({});
      setSkipped({});
      setChosenDuplicates({});
      setServerDuplicates({});
      setChoices(EMPTY_CHOICES);
      setFilter('all');
      setPage(0);
      setSaveFailure(null);
      setStep('preview');
      void checkDuplicates(built);
    } finally {
      setBuilding(false);
    }
  }

  async function checkDuplicates(built: PreviewRow[] = rows) {
    if (!kind || !file) return;
    setDuplicateCheck('checking');
    try {
      const lib = await import('@/features/imports/lib/contract-stub');
      const clean = built.filter((r) => r.issues.length === 0);
      const payload = lib.toImportPayload(kind, file.name, clean, EMPTY_CHOICES);
      const lines = clean.length === 0 ? [] : await findDuplicates(kind, payload.rows);
      setServerDuplicates(Object.fromEntries(lines.map((line) => [line, true])));
      setDuplicateCheck('done');
    } catch {
      setDuplicateCheck('error');
    }
  }

  // The rows as shown: a fixed row replaces the file's, duplicates the database found are marked.
  const current = useMemo(
    () =>
      rows.map((row) => {
        const shown = fixed[row.line] ?? row;
        return serverDuplicates[row.line] && !shown.duplicate
          ? { ...shown, duplicate: true }
          : shown;
      }),
    [rows, fixed, serverDuplicates],
  );
  const statuses = useMemo(
    () => current.map((row) => statusOf(row, skipped, chosenDuplicates)),
    [current, skipped, chosenDuplicates],
  );
  const counts = useMemo(() => {
    const c: Record<RowStatus, number> = { ready: 0, error: 0, duplicate: 0, skipped: 0 };
    for (const s of statuses) c[s] += 1;
    return c;
  }, [statuses]);
  const chosenRows = useMemo(
    () => current.filter((_, i) => statuses[i] === 'ready'),
    [current, statuses],
  );
  const filtered = useMemo(
    () =>
      current
        .map((row, i) => ({ row, status: statuses[i] ?? 'ready' }))
        .filter((r) => filter === 'all' || r.status === filter),
    [current, statuses, filter],
  );
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const pageRows = filtered.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  // Names that exist nowhere yet, once each, over the rows that will be saved.
  const unknown = useMemo(() => {
    const seen = new Map<string, UnknownEntry>();
    for (const row of chosenRows) {
      for (const ref of row.unknown) {
        const id = `${ref.field}\u0000${ref.name}`;
        const entry = seen.get(id);
        if (entry) entry.count += 1;
        else seen.set(id, { field: ref.field, name: ref.name, count: 1 });
      }
    }
    return [...seen.values()];
  }, [chosenRows]);

  function choiceFor(field: RefField, name: string): RefChoice {
    return choices[field][name] ?? { create: true };
  }

  function chooseRef(field: RefField, name: string, choice: RefChoice) {
    setChoices((c) => ({ ...c, [field]: { ...c[field], [name]: choice } }));
  }

  function changeFilter(next: RowFilter) {
    setFilter(next);
    setPage(0);
  }

  function setSkip(line: number, skip: boolean) {
    setSkipped((s) => ({ ...s, [line]: skip }));
  }

  function skipAllErrors() {
    setSkipped((s) => {
      const next = { ...s };
      current.forEach((row, i) => {
        if (statuses[i] === 'error') next[row.line] = true;
      });
      return next;
    });
  }

  function chooseDuplicate(line: number, chosen: boolean) {
    setChosenDuplicates((d) => ({ ...d, [line]: chosen }));
  }

  /** The text in the cell of `field` on `line`, as typed in the fix or as in the file. */
  function editText(line: number, field: string): string {
    const typed = edits[line]?.[field];
    if (typed !== undefined) return typed;
    const column = mapping[field];
    if (column === null || column === undefined || !sheet) return '';
    return cellText(sheet.rows[line - 1]?.[column]);
  }

  function typeEdit(line: number, field: string, text: string) {
    setEdits((e) => ({ ...e, [line]: { ...e[line], [field]: text } }));
  }

  /** Reads the fixed texts again through the same rules as the file (one row's own sheet). */
  async function applyFix(line: number) {
    if (!kind || !sheet || !context) return;
    const lib = await import('@/features/imports/lib/contract-stub');
    const headerCells = [...header];
    const cells: Cell[] = [...(sheet.rows[line - 1] ?? [])];
    const rowMapping: Mapping = { ...mapping };
    for (const [field, text] of Object.entries(edits[line] ?? {})) {
      let column = rowMapping[field];
      if (column === null || column === undefined) {
        column = headerCells.length;
        headerCells.push(field);
        rowMapping[field] = column;
      }
      while (cells.length <= column) cells.push(null);
      cells[column] = text;
    }
    while (cells.length < headerCells.length) cells.push(null);
    const [again] = lib.buildPreview(
      kind,
      { name: sheet.name, rows: [headerCells, cells] },
      0,
      rowMapping,
      context,
    );
    if (!again) return;
    const base = rows.find((r) => r.line === line);
    setFixed((f) => ({
      ...f,
      [line]: { ...again, line, duplicate: base?.duplicate ?? false },
    }));
    setSaveFailure(null);
  }

  /** Step 3 → 4: the chosen rows in one call; on a refusal everything stays as it was. */
  async function save() {
    if (!kind || !file || !sheet || counts.error > 0 || chosenRows.length === 0) return;
    setSaveFailure(null);
    try {
      const lib = await import('@/features/imports/lib/contract-stub');
      const payload = lib.toImportPayload(kind, file.name, chosenRows, choices);
      await runImport.mutateAsync({
        payload,
        remember: lib.mappingToHeaders(mapping, header),
      });
      setResult({ kind, count: chosenRows.length });
      setStep('done');
    } catch (error) {
      const line = errorKey(error) === 'import_row_invalid' ? refusedLine(error) : null;
      setSaveFailure({
        message: getErrorMessage(error, 'Não foi possível importar a planilha. Nada foi salvo.'),
        line,
      });
    }
  }

  /** "Importar outra planilha": back to step 1, keeping the kind. */
  function restart() {
    setStep('file');
    setFile(null);
    setRows([]);
    setResult(null);
    setSaveFailure(null);
    setReadError(null);
  }

  return {
    kind,
    chooseKind,
    step,
    setStep,
    file,
    reading,
    readError,
    readFile,
    sheet,
    sheetIndex,
    changeSheet,
    header,
    headerRow,
    changeHeaderRow,
    mapping,
    mapField,
    rememberedLoading: kind !== null && remembered.isPending,
    toColumns,
    context,
    contextError,
    retryContext: () => contextQueries.forEach((q) => q.isError && void q.refetch()),
    building,
    toPreview,
    rows: current,
    counts,
    chosenCount: chosenRows.length,
    filter,
    changeFilter,
    page,
    pageCount,
    setPage,
    pageRows,
    filteredCount: filtered.length,
    duplicateCheck,
    checkDuplicates: () => void checkDuplicates(),
    unknown,
    choiceFor,
    chooseRef,
    setSkip,
    skipAllErrors,
    chooseDuplicate,
    editText,
    typeEdit,
    applyFix,
    save,
    saving: runImport.isPending,
    saveFailure,
    result,
    restart,
  };
}

export type ImportState = ReturnType<typeof useImport>;
