// Which row holds the headers and which column is which field, by the Portuguese headers
// (IMPORT_FIELDS' aliases), compared without accents, case or punctuation.
import {
  IMPORT_FIELDS,
  MAX_HEADER_SEARCH_ROWS,
  type ImportKind,
} from '@/features/imports/lib/kinds';
import { cellText, isBlank, normalizeHeader, type Cell } from '@/features/imports/lib/values';

/** Field key → the column's index in the sheet (0-based), or null when no column is chosen. */
export type Mapping = Record<string, number | null>;

/** How well a header names a field: 0 = not at all. */
function headerScore(header: string, aliases: readonly string[]): number {
  if (header === '') return 0;
  let best = 0;
  aliases.forEach((alias, index) => {
    const a = normalizeHeader(alias);
    if (a === '') return;
    if (header === a) best = Math.max(best, 1000 - index);
    // "Valor original da parcela (R$)" holds "valor original": a weaker match, longer is better.
    else if (a.length >= 5 && ` ${header} `.includes(` ${a} `))
      best = Math.max(best, 100 + a.length);
  });
  return best;
}

/**
 * Field key → column, each column used once: exact header matches first, then headers that
 * contain an alias (longest first). A remembered mapping ({ field: "Header text" }, the company's
 * last import of this kind) wins over the aliases when its header is in this sheet.
 */
export function matchColumns(
  kind: ImportKind,
  header: readonly Cell[],
  remembered?: Record<string, string> | null,
): Mapping {
  const fields = IMPORT_FIELDS[kind];
  const headers = header.map((cell) => normalizeHeader(cellText(cell)));
  const mapping: Mapping = Object.fromEntries(fields.map((f) => [f.key, null]));
  const used = new Set<number>();

  for (const field of fields) {
    const wanted = remembered?.[field.key];
    if (!wanted) continue;
    const column = headers.findIndex(
      (h, i) => h !== '' && h === normalizeHeader(wanted) && !used.has(i),
    );
    if (column >= 0) {
      mapping[field.key] = column;
      used.add(column);
    }
  }

  const candidates: { field: string; column: number; score: number; order: number }[] = [];
  fields.forEach((field, order) => {
    if (mapping[field.key] !== null) return;
    headers.forEach((h, column) => {
      const score = headerScore(h, field.aliases);
      if (score > 0) candidates.push({ field: field.key, column, score, order });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order || a.column - b.column);
  for (const c of candidates) {
    if (mapping[c.field] !== null || used.has(c.column)) continue;
    mapping[c.field] = c.column;
    used.add(c.column);
  }
  return mapping;
}

/** How many fields a row's cells name, weighted by how well: a header row scores highest. */
function rowScore(kind: ImportKind, row: readonly Cell[]): number {
  const mapping = matchColumns(kind, row);
  const headers = row.map((cell) => normalizeHeader(cellText(cell)));
  let score = 0;
  for (const field of IMPORT_FIELDS[kind]) {
    const column = mapping[field.key];
    if (column === null || column === undefined) continue;
    score += headerScore(headers[column] ?? '', field.aliases) >= 900 ? 2 : 1;
  }
  return score;
}

/**
 * The index (0-based, in sheet.rows) of the header row: among the first rows (titles, a company
 * name or a period may sit above it), the one whose cells name the most fields; when none names
 * any, the first non-blank row.
 */
export function findHeaderRow(rows: readonly (readonly Cell[])[], kind: ImportKind): number {
  let best = -1;
  let bestScore = 0;
  const limit = Math.min(rows.length, MAX_HEADER_SEARCH_ROWS + 1);
  for (let i = 0; i < limit; i++) {
    const row = rows[i] ?? [];
    // A header is text: a row of numbers or dates is data.
    if (!row.some((cell) => typeof cell === 'string' && !isBlank(cell))) continue;
    const score = rowScore(kind, row);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best >= 0) return best;
  const firstFilled = rows.findIndex((row) => !row.every(isBlank));
  return Math.max(0, firstFilled);
}

/** The mapping as header texts ({ field: "Header text" }): what is remembered for the company. */
export function mappingToHeaders(
  mapping: Mapping,
  header: readonly Cell[],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, column] of Object.entries(mapping)) {
    if (column === null) continue;
    const text = cellText(header[column] ?? null);
    if (text !== '') result[field] = text;
  }
  return result;
}

/** The headers as the Colunas step lists them: "Coluna C" for a column without a header. */
export function columnLabels(header: readonly Cell[], width: number): string[] {
  return Array.from({ length: Math.max(width, header.length) }, (_, i) => {
    const text = cellText(header[i] ?? null);
    return text !== '' ? text : `Coluna ${columnLetter(i)}`;
  });
}

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
