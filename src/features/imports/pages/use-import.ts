import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  collectUnknown,
  markDuplicates,
  previewRow,
  type ImportContext,
  type PreviewRow,
  type RefField,
} from '@/features/imports/lib/preview';
import {
  findHeaderRow,
  mappingToHeaders,
  matchColumns,
  type Mapping,
} from '@/features/imports/lib/columns';
import {
  clearImportDraft,
  loadImportDraft,
  saveImportDraftFile,
  saveImportDraftState,
  type ImportDraftState,
} from '@/features/imports/lib/import-draft';
import { ImportFileError } from '@/features/imports/lib/import-errors';
import { isImportKind, type ImportKind } from '@/features/imports/lib/kinds';
import {
  toDuplicateCheckRows,
  toImportPayload,
  type RefChoice,
  type RefChoices,
} from '@/features/imports/lib/payload';
import { useSpreadsheetImport } from '@/features/imports/lib/use-spreadsheet-import';
import type { Cell } from '@/features/imports/lib/values';
import type { Sheet } from '@/features/imports/lib/read-sheet';
import {
  findDuplicates,
  importErrorMessage,
  importRefusal,
  useImportMapping,
  useRunImport,
  useSaveImportMapping,
} from '@/lib/api/imports';
import {
  useBankAccounts,
  useCategories,
  useClients,
  useProjects,
  useSuppliers,
} from '@/lib/api/lookups';
import { useCurrentCompany } from '@/lib/current-company';
import { idbAvailable } from '@/lib/offline/idb';

export type ImportStep = 'file' | 'columns' | 'preview' | 'done';
export type RowStatus = 'ready' | 'error' | 'duplicate' | 'skipped';
export type RowFilter = 'all' | RowStatus;

export const PAGE_SIZE = 50;

/** Where the imported rows are listed. */
export const KIND_PATHS: Record<ImportKind, string> = {
  fornecedores: '/fornecedores',
  clientes: '/clientes',
  categorias: '/categorias',
  obras: '/obras',
  contas_pagar: '/contas-pagar',
  contas_receber: '/contas-receber',
};

const UNREADABLE =
  'Não foi possível ler o arquivo: ele parece danificado ou não é uma planilha. Abra-o no Excel, salve como .xlsx e envie de novo.';

export interface LoadedFile {
  name: string;
  sheets: Sheet[];
  /** What the reader proposed for the kind it was read for. */
  readFor: ImportKind;
  sheetIndex: number;
  headerRow: number;
  mapping: Mapping;
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

function textOf(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

/**
 * Importar planilha: what to import and the file, its columns, the preview (fixes, skips, new
 * registers, duplicates) and the save. Reading and the preview run in a Web Worker. Everything
 * the user chose stays here until the server has it: a refusal keeps the preview as it was.
 */
export function useImport() {
  const company = useCurrentCompany();
  const companyId = company.id;
  const draftOwner = useMemo(
    () => ({ userId: company.userId, id: company.id }),
    [company.userId, company.id],
  );
  const [params, setParams] = useSearchParams();
  // What the address asked for on opening (Importar from Contas a receber: contas_receber).
  const [asked] = useState<ImportKind | null>(() => {
    const tipo = params.get('tipo');
    return isImportKind(tipo) ? tipo : null;
  });
  // Held here and written to the address (a reload keeps it): the address commits in a
  // transition, so a radio fed from it alone would answer a tap a moment late.
  const [kind, setKind] = useState<ImportKind | null>(asked);
  const importer = useSpreadsheetImport();

  const [step, setStep] = useState<ImportStep>('file');
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState(false);
  /** The size of the file being read (for "Lendo planilha… 3,2 MB"). */
  const [readingSize, setReadingSize] = useState<number | null>(null);
  /** Rows of the preview built so far, while the worker builds it. */
  const [previewProgress, setPreviewProgress] = useState<{ done: number; total: number } | null>(
    null,
  );
  const [readError, setReadError] = useState<string | null>(null);
  const [sheetIndex, setSheetIndex] = useState(0);
  const [headerRow, setHeaderRow] = useState(0);
  const [mapping, setMapping] = useState<Mapping>({});

  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [building, setBuilding] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const [fixed, setFixed] = useState<Record<number, PreviewRow>>({});
  const [edits, setEdits] = useState<Record<number, Record<string, string>>>({});
  // The texts each fixed row was read again with: what a reload reads again.
  const [applied, setApplied] = useState<Record<number, Record<string, string>>>({});
  const [skipped, setSkipped] = useState<Record<number, boolean>>({});
  const [chosenDuplicates, setChosenDuplicates] = useState<Record<number, boolean>>({});
  const [savedLines, setSavedLines] = useState<number[]>([]);
  const [duplicateCheck, setDuplicateCheck] = useState<'idle' | 'checking' | 'done' | 'error'>(
    'idle',
  );
  const [choices, setChoices] = useState<Partial<Record<RefField, Record<string, RefChoice>>>>({});
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(0);
  const [saveFailure, setSaveFailure] = useState<SaveFailure | null>(null);
  const [result, setResult] = useState<{ kind: ImportKind; count: number } | null>(null);
  // The import left on this device (import-draft.ts) is read before anything is written over it.
  const [restoring, setRestoring] = useState(() => idbAvailable());
  const [pendingPreview, setPendingPreview] = useState<ImportDraftState | null>(null);
  /** The import found on this device and taken up again, said on the page until it is left. */
  const [resumed, setResumed] = useState<{ kind: ImportKind; fileName: string } | null>(null);

  const remembered = useImportMapping(kind ?? 'fornecedores', { enabled: kind !== null });
  const runImport = useRunImport();
  const saveMapping = useSaveImportMapping();
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
        type: c.type === 'income' ? ('income' as const) : ('expense' as const),
      })),
      bankAccounts: bankAccounts.data.map((a) => ({ id: a.id, name: a.name, alias: a.alias })),
    };
  }, [suppliers.data, clients.data, projects.data, categories.data, bankAccounts.data]);
  const contextQueries = [suppliers, clients, projects, categories, bankAccounts];
  const contextError = contextQueries.find((q) => q.isError)?.error ?? null;

  const sheet = file?.sheets[sheetIndex] ?? null;
  const header = useMemo(() => sheet?.rows[headerRow] ?? [], [sheet, headerRow]);

  function chooseKind(next: ImportKind) {
    setKind(next);
    setParams({ tipo: next }, { replace: true });
    setReadError(null);
  }

  /** Reads the file in the worker; its sheet, header row and columns are proposed for the kind. */
  async function readFile(chosen: File | undefined) {
    if (!chosen || !kind) return;
    setReading(true);
    setReadingSize(chosen.size);
    setReadError(null);
    try {
      const read = await importer.read(chosen, chosen.name, kind, remembered.data);
      setFile({ name: chosen.name, readFor: kind, ...read });
      setResumed(null);
      // Kept until the server has the import; without room on the device it is only not kept.
      void saveImportDraftFile(draftOwner, chosen).catch(() => undefined);
    } catch (error) {
      setReadError(error instanceof ImportFileError ? error.message : UNREADABLE);
    } finally {
      setReading(false);
    }
  }

  function proposal(forKind: ImportKind, target: Sheet) {
    const row = findHeaderRow(target.rows, forKind);
    return {
      row,
      mapping: matchColumns(forKind, target.rows[row] ?? [], remembered.data),
    };
  }

  /** Step 1 → 2: the reader's proposal, or a new one when the kind changed since. */
  function toColumns() {
    if (!kind || !file) return;
    if (file.readFor === kind) {
      setSheetIndex(file.sheetIndex);
      setHeaderRow(file.headerRow);
      setMapping(file.mapping);
    } else {
      const target = file.sheets[0];
      if (!target) return;
      const next = proposal(kind, target);
      setSheetIndex(0);
      setHeaderRow(next.row);
      setMapping(next.mapping);
    }
    setStep('columns');
  }

  function changeSheet(index: number) {
    const target = file?.sheets[index];
    if (!target || !kind) return;
    const next = proposal(kind, target);
    setSheetIndex(index);
    setHeaderRow(next.row);
    setMapping(next.mapping);
  }

  function changeHeaderRow(row: number) {
    if (!sheet || !kind) return;
    setHeaderRow(row);
    setMapping(matchColumns(kind, sheet.rows[row] ?? [], remembered.data));
  }

  function mapField(field: string, column: number | null) {
    setMapping((m) => ({ ...m, [field]: column }));
  }

  /**
   * Step 2 → 3: every row as it will be saved (worker), then what the company already has.
   * `restored`: the choices of the import kept on the device, put back over the new preview.
   */
  async function toPreview(restored?: ImportDraftState) {
    if (!kind || !sheet || !context) return;
    setBuilding(true);
    setBuildError(null);
    try {
      const built = await importer.preview(
        { kind, sheet, headerRow, mapping, ctx: context },
        (done, total) => setPreviewProgress({ done, total }),
      );
      setRows(built);
      const again: Record<number, PreviewRow> = {};
      for (const [line, texts] of Object.entries(restored?.applied ?? {})) {
        const base = built.find((r) => r.line === Number(line));
        if (base)
          again[base.line] = previewRow(kind, base.line, { ...base.raw, ...texts }, context);
      }
      setFixed(again);
      setApplied(restored?.applied ?? {});
      setEdits(restored?.edits ?? {});
      setSkipped(restored?.skipped ?? {});
      setChosenDuplicates(restored?.chosenDuplicates ?? {});
      if (restored) setChoices(restored.choices);
      setSavedLines([]);
      setFilter('all');
      setPage(0);
      setSaveFailure(null);
      setStep('preview');
      void checkDuplicates(kind, built);
    } catch (error) {
      setBuildError(error instanceof ImportFileError ? error.message : UNREADABLE);
    } finally {
      setBuilding(false);
      setPreviewProgress(null);
    }
  }

  async function checkDuplicates(forKind: ImportKind, built: readonly PreviewRow[]) {
    setDuplicateCheck('checking');
    try {
      const clean = built.filter((r) => r.issues.length === 0);
      const lines =
        clean.length === 0
          ? []
          : await findDuplicates(companyId, forKind, toDuplicateCheckRows(forKind, clean));
      setSavedLines(lines);
      setDuplicateCheck('done');
    } catch {
      setDuplicateCheck('error');
    }
  }

  // The rows as shown: a fixed row in place of the file's, duplicates (in the file or already
  // saved) marked again over the whole list.
  const current = useMemo(
    () =>
      kind
        ? markDuplicates(
            kind,
            rows.map((row) => fixed[row.line] ?? row),
            savedLines,
          )
        : [],
    [kind, rows, fixed, savedLines],
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
  const shownPage = Math.min(page, pageCount - 1);
  const pageRows = filtered.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);

  // Names that exist nowhere yet, once each, over the rows that will be saved.
  const unknown: UnknownEntry[] = useMemo(() => collectUnknown(chosenRows), [chosenRows]);

  function choiceFor(field: RefField, name: string): RefChoice {
    return choices[field]?.[name] ?? { create: true };
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

  /** The text of `field` on `line`: as typed in the fix, else as in the file. */
  function editText(line: number, field: string): string {
    const typed = edits[line]?.[field];
    if (typed !== undefined) return typed;
    const row = rows.find((r) => r.line === line);
    return textOf(row?.raw[field]);
  }

  function typeEdit(line: number, field: string, text: string) {
    setEdits((e) => ({ ...e, [line]: { ...e[line], [field]: text } }));
  }

  /** Reads the fixed texts again through the same rules as the file. */
  function applyFix(line: number) {
    if (!kind || !context) return;
    const base = rows.find((r) => r.line === line);
    if (!base) return;
    const texts = { ...applied[line], ...edits[line] };
    const again = previewRow(kind, line, { ...base.raw, ...texts }, context);
    setFixed((f) => ({ ...f, [line]: again }));
    setApplied((a) => ({ ...a, [line]: texts }));
    setSaveFailure(null);
  }

  /** Step 3 → 4: the chosen rows in one call; on a refusal everything stays as it was. */
  async function save() {
    if (!kind || !file || counts.error > 0 || chosenRows.length === 0) return;
    setSaveFailure(null);
    // Every unknown name gets the user's choice ("Criar" unless they picked a register).
    const all: RefChoices = {};
    for (const ref of unknown) {
      all[ref.field] = { ...all[ref.field], [ref.name]: choiceFor(ref.field, ref.name) };
    }
    try {
      const payload = toImportPayload(kind, file.name, chosenRows, all);
      await runImport.mutateAsync(payload);
    } catch (error) {
      setSaveFailure({
        message: importErrorMessage(error),
        line: importRefusal(error)?.line ?? null,
      });
      return;
    }
    // Remembered for the next file of the kind; a failure here does not undo the import.
    saveMapping.mutate({ kind, mapping: mappingToHeaders(mapping, header) });
    forgetDraft();
    setResult({ kind, count: chosenRows.length });
    setStep('done');
  }

  /** Drops the import kept on the device (after the save, "Cancelar", another file). */
  function forgetDraft() {
    void clearImportDraft(draftOwner).catch(() => undefined);
  }

  /** "Importar outra planilha" and "Cancelar": back to step 1, keeping the kind. */
  function restart() {
    forgetDraft();
    setResumed(null);
    setStep('file');
    setFile(null);
    setRows([]);
    setResult(null);
    setSaveFailure(null);
    setReadError(null);
  }

  // On opening: the import left on this device, its file read again; its preview is rebuilt once
  // the company's registers are here (below).
  const restoreStarted = useRef(false);
  useEffect(() => {
    if (restoreStarted.current || !restoring) return;
    restoreStarted.current = true;
    void (async () => {
      const draft = await loadImportDraft(draftOwner);
      try {
        if (!draft) return;
        const { state } = draft;
        const read = await importer.read(draft.file, state.fileName, state.kind, null);
        const target = read.sheets[state.sheetIndex];
        if (!target) return;
        setKind(state.kind);
        setParams({ tipo: state.kind }, { replace: true });
        setResumed({ kind: state.kind, fileName: state.fileName });
        // Step 1 keeps the reader's proposal for the kind; later steps what the user set.
        setFile(
          state.step === 'file'
            ? { name: state.fileName, readFor: state.kind, ...read }
            : {
                name: state.fileName,
                readFor: state.kind,
                sheets: read.sheets,
                sheetIndex: state.sheetIndex,
                headerRow: state.headerRow,
                mapping: state.mapping,
              },
        );
        setSheetIndex(state.sheetIndex);
        setHeaderRow(state.headerRow);
        setMapping(state.mapping);
        setChoices(state.choices);
        if (state.step === 'preview') {
          setStep('columns');
          setPendingPreview(state);
        } else {
          setStep(state.step);
        }
      } catch {
        // The kept file no longer reads: start afresh rather than stop on it.
        forgetDraft();
      } finally {
        setRestoring(false);
      }
    })();
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const previewRestoreStarted = useRef(false);
  useEffect(() => {
    if (!pendingPreview || !context || !sheet || kind !== pendingPreview.kind) return;
    if (previewRestoreStarted.current) return;
    previewRestoreStarted.current = true;
    void toPreview(pendingPreview).finally(() => setPendingPreview(null));
    // toPreview reads the state this render committed (sheet, header row, mapping).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingPreview, context, sheet, kind]);

  // What the user chose, kept on the device on every change until the server has it.
  useEffect(() => {
    if (restoring || pendingPreview || !kind || !file || step === 'done') return;
    const state: ImportDraftState = {
      version: 1,
      kind,
      step,
      fileName: file.name,
      sheetIndex: step === 'file' ? file.sheetIndex : sheetIndex,
      headerRow: step === 'file' ? file.headerRow : headerRow,
      mapping: step === 'file' ? file.mapping : mapping,
      edits,
      applied,
      skipped,
      chosenDuplicates,
      choices,
    };
    void saveImportDraftState(draftOwner, state).catch(() => undefined);
  }, [
    restoring,
    pendingPreview,
    kind,
    file,
    step,
    sheetIndex,
    headerRow,
    mapping,
    edits,
    applied,
    skipped,
    chosenDuplicates,
    choices,
    draftOwner,
  ]);

  /** "Descartar": the import taken up again is dropped; step 1 with what the address asked for. */
  function discardResumed() {
    restart();
    if (asked) chooseKind(asked);
  }

  return {
    kind,
    chooseKind,
    // The import taken up again, and what was asked instead when it differs.
    resumed:
      resumed && step !== 'done'
        ? { ...resumed, asked: asked !== null && asked !== resumed.kind ? asked : null }
        : null,
    discardResumed,
    // A preview waiting for the company's registers shows the columns step if they fail to load.
    restoring: restoring || (pendingPreview !== null && !contextError),
    step,
    setStep,
    file,
    reading,
    readingSize,
    previewProgress,
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
    buildError,
    toPreview,
    rows: current,
    counts,
    chosenCount: chosenRows.length,
    filter,
    changeFilter,
    page: shownPage,
    pageCount,
    setPage,
    pageRows,
    filteredCount: filtered.length,
    duplicateCheck,
    checkDuplicates: () => kind && void checkDuplicates(kind, rows),
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
