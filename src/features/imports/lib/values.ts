// Cell values as Brazilian spreadsheets hold them: amounts typed as text ("R$ 1.234,56", "-",
// "(1.234,56)") or stored as numbers, dates typed (dd/mm/aaaa, dd/mm/aa) or stored as Excel serial
// numbers, and headers written in many ways ("VENCIMENTO", "Dt. Vencimento", "Data de vencimento").
import { parseBankAmount } from '@/lib/bank-amount';
import { formatDate } from '@/lib/dates';
import { MAX_CENTS } from '@/lib/money';
import { searchKey } from '@/lib/search-text';

/** A cell as read: dates are already 'yyyy-MM-dd' strings (read-sheet.ts). */
export type Cell = string | number | boolean | null;

/** The range the database's date checks accept (`*_date_range`: 2000-01-01 … 2100-12-31). */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2100-12-31';
/** Amounts are numeric(14,2) below 1 000 000 000 000 reais (`*_amount_check`, `projects_budget_check`). */
export const MAX_AMOUNT_CENTS = MAX_CENTS;

/** A header or a name as compared: no accents, lower case, punctuation as spaces, spaces collapsed. */
export function normalizeHeader(text: string): string {
  return searchKey(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A name as registers are matched (case- and accent-insensitive, spaces collapsed). */
export function nameKey(text: string): string {
  return searchKey(text).replace(/\s+/g, ' ').trim();
}

/** The cell's text as the user sees it, trimmed; '' for an empty cell. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'VERDADEIRO' : 'FALSO';
  return cell.replace(/[\u00a0\u202f]/g, ' ').trim();
}

/** A cell with nothing in it (spaces only count as nothing). */
export function isBlank(cell: Cell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

/**
 * An amount in centavos: a number cell as Excel stores it (1234.56), or text as Brazilians type
 * it ("1.234,56", "R$ 1.234,56", "1234,5", "-1.234,56", "(1.234,56)", "1,234.56" from a US sheet).
 * "-" (and "–") alone is zero, as accounting sheets write it. Null when it is not an amount.
 */
export function parseBrazilianMoney(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // 1234.56 * 100 is 123455.99999999999 in binary floating point: round at 1e-6 first.
    const cents = Math.round(Number((value * 100).toFixed(6)));
    return Number.isSafeInteger(cents) ? cents : null;
  }
  const text = value.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (/^R?\$?\s*[-\u2013\u2014]$/i.test(text)) return 0;
  return parseBankAmount(text);
}

export type DateResult = { ok: string } | { error: string } | null;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a calendar date, or null when it does not exist (31/02). */
function calendarDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** Excel's day 0 of the 1900 date system (its 1900-02-29 bug is before any date we accept). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** An Excel serial date (46023 = 2026-01-01); the time of day, if any, is dropped. */
export function excelSerialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1) return null;
  const d = new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function inRange(iso: string, shown: string): DateResult {
  if (iso < MIN_DATE || iso > MAX_DATE) {
    return { error: `Data fora do período aceito (2000 a 2100): ${shown}` };
  }
  return { ok: iso };
}

/**
 * Reads a date cell: 'yyyy-MM-dd' (a date cell, already converted), dd/mm/aaaa, dd/mm/aa (20aa),
 * with "/", "-" or "." between the parts, a time after it ignored, or an Excel serial number.
 * Null for an empty cell; `{ error }` in Portuguese for anything else ("31/02/2026 não existe").
 */
export function readBrazilianDate(cell: Cell): DateResult {
  if (cell === null || isBlank(cell)) return null;
  if (typeof cell === 'boolean') return { error: 'Data inválida' };
  if (typeof cell === 'number') {
    // Plausible serials only: 1 (1900-01-01) … 2958465 (9999-12-31).
    const iso =
      Number.isInteger(Math.floor(cell)) && cell < 2958466 ? excelSerialToIso(cell) : null;
    if (!iso) return { error: `Data inválida: ${cell}` };
    return inRange(iso, formatDate(iso) || iso);
  }
  const text = cell.trim();
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(text);
  if (isoMatch) {
    const iso = calendarDate(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
    if (!iso) return { error: `Data inválida: ${text} não existe` };
    return inRange(iso, formatDate(iso));
  }
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (br) {
    const yearText = br[3] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    const shown = text.split(/\s/)[0] ?? text;
    const iso = calendarDate(year, Number(br[2]), Number(br[1]));
    if (!iso) return { error: `Data inválida: ${shown} não existe` };
    return inRange(iso, shown);
  }
  // A serial number kept as text ("46023"), as CSV exports of Excel sheets sometimes carry.
  if (/^\d{5}$/.test(text)) return readBrazilianDate(Number(text));
  return { error: `Data inválida: ${text} (use dd/mm/aaaa)` };
}

/** The date as 'yyyy-MM-dd', or null when the cell is empty or not a real date in range. */
export function parseBrazilianDate(cell: Cell): string | null {
  const result = readBrazilianDate(cell);
  return result && 'ok' in result ? result.ok : null;
}
