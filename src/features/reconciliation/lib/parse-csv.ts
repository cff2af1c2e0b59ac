// A CSV statement as office staff export it from a spreadsheet: `data;descrição;valor` in pt-BR
// (dd/mm/aaaa; 1.234,56; negative for débitos), an optional header line, UTF-8 or Windows-1252.
import {
  isoDate,
  StatementParseError,
  type ParsedStatement,
  type StatementLine,
} from '@/features/reconciliation/lib/statement';
import { parseBankAmount } from '@/lib/bank-amount';
import { decodeCsvBytes } from '@/lib/text-decoding';

/** Splits one line on `;`, honouring double quotes ("a;b" and "" inside them). */
function splitLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ';') {
      cells.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

function parseBrDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** FNV-1a, 32 bits, hex: a short stable fingerprint of the line's text. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Parses the CSV text. A CSV has no FITID: each line gets `csv:<date>:<centavos>:<hash of the
 * description>:<n>`, n counting equal lines in the file, so importing the same file (or one that
 * overlaps it) again recognises its lines, and two identical payments on one day stay two lines.
 */
export function parseCsvText(content: string): ParsedStatement {
  const rows = content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const [dateText = '', description = '', amountText = '', ...rest] = splitLine(row);
    const postedOn = parseBrDate(dateText);
    // A first line that is not a date is the header (data;descrição;valor).
    if (index === 0 && !postedOn) return;
    const amountCents = parseBankAmount(amountText);
    if (!postedOn || amountCents === null || rest.some((c) => c !== '')) {
      throw new StatementParseError(
        `Linha ${index + 1} do CSV ilegível. Use data;descrição;valor (ex.: 10/10/2026;Tarifa;-35,90).`,
      );
    }
    if (amountCents === 0) return;
    const memo = description.replace(/\s+/g, ' ').slice(0, 500);
    const key = `${postedOn}:${amountCents}:${fingerprint(memo.toLowerCase())}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    lines.push({ fitid: `csv:${key}:${n}`, postedOn, amountCents, memo, trnType: null });
  });
  if (lines.length === 0) throw new StatementParseError('O extrato não tem lançamentos.');
  const dates = lines.map((l) => l.postedOn).sort();
  return {
    source: 'csv',
    kind: 'bank',
    bankId: null,
    branchId: null,
    accountId: null,
    currency: 'BRL',
    startDate: dates[0] ?? '',
    endDate: dates[dates.length - 1] ?? '',
    ledgerBalanceCents: null,
    lines,
  };
}

export function parseCsvBytes(bytes: Uint8Array): ParsedStatement {
  return parseCsvText(decodeCsvBytes(bytes));
}
