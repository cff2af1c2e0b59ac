// An import in progress kept on the device until the server has it (issue 34): the chosen file as
// a Blob and, beside it, what the user chose as plain JSON (the kind, the sheet, the header row and
// the mapping, the preview's typed and applied fixes, skips, "Criar"/pick choices, the duplicates
// chosen). A reload mid-preview reads the file again and rebuilds the same preview with the same
// fixes. Both live in the app's IndexedDB under `user:<userId>:` keys (src/lib/offline/idb.ts), so
// "Sair" and another user signing in drop them with the user's other drafts
// (src/lib/user-storage.ts). Cleared after a successful import, on "Cancelar" and on "Importar
// outra planilha".
import type { Mapping } from '@/features/imports/lib/columns';
import { isImportKind, type ImportKind } from '@/features/imports/lib/kinds';
import type { RefChoice } from '@/features/imports/lib/payload';
import type { RefField } from '@/features/imports/lib/preview';
import { idbDel, idbGet, idbSet } from '@/lib/offline/idb';
import { isPlainJson } from '@/lib/offline/plain-json';
import { userStorageKey } from '@/lib/user-storage';

export interface ImportDraftOwner {
  userId: string;
  /** The company: a draft never shows up in another one. */
  id: string;
}

/** Field texts by sheet line (in JSON the line is an object key, a string: read back the same). */
export type LineTexts = Record<number, Record<string, string>>;

/** What the user chose, as plain JSON (no Map, Set or Date: it is read back as it was written). */
export interface ImportDraftState {
  version: 1;
  kind: ImportKind;
  step: 'file' | 'columns' | 'preview';
  fileName: string;
  sheetIndex: number;
  headerRow: number;
  mapping: Mapping;
  /** The fix fields as typed, applied or not. */
  edits: LineTexts;
  /** The texts each fixed line was read again with ("Corrigir"). */
  applied: LineTexts;
  skipped: Record<number, boolean>;
  chosenDuplicates: Record<number, boolean>;
  choices: Partial<Record<RefField, Record<string, RefChoice>>>;
}

export interface ImportDraft {
  state: ImportDraftState;
  file: Blob;
}

function stateKey(owner: ImportDraftOwner): string {
  return userStorageKey(owner.userId, `import-draft:${owner.id}`);
}

function fileKey(owner: ImportDraftOwner): string {
  return userStorageKey(owner.userId, `import-draft-file:${owner.id}`);
}

function isDraftState(value: unknown): value is ImportDraftState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ImportDraftState>;
  return (
    v.version === 1 &&
    isImportKind(v.kind ?? null) &&
    (v.step === 'file' || v.step === 'columns' || v.step === 'preview') &&
    typeof v.fileName === 'string' &&
    typeof v.sheetIndex === 'number' &&
    typeof v.headerRow === 'number' &&
    typeof v.mapping === 'object' &&
    typeof v.edits === 'object' &&
    typeof v.applied === 'object' &&
    typeof v.skipped === 'object' &&
    typeof v.chosenDuplicates === 'object' &&
    typeof v.choices === 'object'
  );
}

/** The import left on this device, or null (none, unreadable, or IndexedDB unavailable). */
export async function loadImportDraft(owner: ImportDraftOwner): Promise<ImportDraft | null> {
  try {
    const [state, file] = await Promise.all([
      idbGet<unknown>(stateKey(owner)),
      idbGet<unknown>(fileKey(owner)),
    ]);
    if (!isDraftState(state) || !(file instanceof Blob)) return null;
    return { state, file };
  } catch {
    return null;
  }
}

/** Keeps the chosen file (once per file: a 20 MB Blob is not written on every keystroke). */
export async function saveImportDraftFile(owner: ImportDraftOwner, file: Blob): Promise<void> {
  // A File's name and date are not needed: the bytes and their type are.
  await idbSet(fileKey(owner), new Blob([file], { type: file.type }));
}

/** Keeps what the user chose; refuses (throws) anything that would not read back the same. */
export async function saveImportDraftState(
  owner: ImportDraftOwner,
  state: ImportDraftState,
): Promise<void> {
  if (!isPlainJson(state)) throw new Error('import draft is not plain JSON');
  await idbSet(stateKey(owner), state);
}

export async function clearImportDraft(owner: ImportDraftOwner): Promise<void> {
  await Promise.all([idbDel(stateKey(owner)), idbDel(fileKey(owner))]);
}
