/**
 * Money is integer centavos everywhere in TypeScript (DESIGN §5). The database stores
 * numeric(14,2) reais; convert at the api boundary with `toCents` / `fromCents`.
 */

/** Largest amount numeric(14,2) can hold, in centavos. */
export const MAX_CENTS = 99_999_999_999_999;

const NBSP = '\u00a0';

/** "1234567" → "1.234.567": pt-BR groups the integer part by thousands with dots. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * 123456 → "R$ 1.234,56", -50 → "-R$ 0,50": exactly what Intl.NumberFormat('pt-BR', BRL)
 * writes ("R$" and the number joined by a no-break space). Written by hand because creating the
 * first Intl.NumberFormat loads the locale's data at start-up: about 40 ms of a phone's main
 * thread before home could render (docs/performance.md).
 */
export function formatCurrency(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  const sign = cents < 0 && abs !== 0 ? '-' : '';
  const reais = groupThousands(String(Math.floor(abs / 100)));
  return `${sign}R$${NBSP}${reais},${String(abs % 100).padStart(2, '0')}`;
}

/** 12.3 → "12,3", 112 → "112", 1 → "1": at most one decimal, pt-BR separators. */
function formatOneDecimal(value: number): string {
  const tenths = Math.round(value * 10);
  const whole = groupThousands(String(Math.floor(tenths / 10)));
  return tenths % 10 === 0 ? whole : `${whole},${tenths % 10}`;
}

const COMPACT_UNITS = [
  { reais: 1e3, suffix: 'mil' },
  { reais: 1e6, suffix: 'mi' },
  { reais: 1e9, suffix: 'bi' },
  { reais: 1e12, suffix: 'tri' },
] as const;

/**
 * A short amount for a narrow place: 123456 → "R$ 1,2 mil", 4_550_000_00 → "R$ 4,6 mi".
 * Below R$ 1.000 the full amount (with centavos). At most three significant digits (one decimal
 * below 100, ",0" dropped: "R$ 1 mil", "R$ 12,3 mil", "R$ 112 mil"); a value
 * that rounds up to 1000 of a unit moves to the next unit ("R$ 1 mi", never "R$ 1.000 mil").
 * Spaces are no-break spaces, so it never wraps. Only show it where the full value is one tap
 * away or in an accessible name / title: it loses precision.
 */
export function formatCompactCurrency(cents: number): string {
  const reais = Math.abs(cents) / 100;
  if (reais < 1000) return formatCurrency(cents);
  const sign = cents < 0 ? '-' : '';
  let text = '';
  for (const unit of COMPACT_UNITS) {
    // Three significant digits at most: "R$ 12,3 mil", "R$ 112 mil".
    const exact = reais / unit.reais;
    const scaled = exact < 99.95 ? Math.round(exact * 10) / 10 : Math.round(exact);
    text = `${sign}R$${NBSP}${formatOneDecimal(scaled)}${NBSP}${unit.suffix}`;
    if (scaled < 1000) break;
  }
  return text;
}

/**
 * Parses what a user typed into a money field, as SPEC §5 says: remove "R$", spaces and
 * thousands dots, then read the decimal comma. Returns centavos, or null for blank,
 * negative, malformed or out-of-range input.
 *
 * One deliberate extension: without a comma, a dot followed by one or two final digits
 * ("12.5", "12.50") is read as a decimal point, because no thousands grouping looks like
 * that and dropping it would multiply the amount by 10 or 100.
 */
export function parseCurrency(text: string | null | undefined): number | null {
  if (text == null) return null;
  let s = text.replace(/R\$/gi, '').replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return null;

  if (!s.includes(',') && /^\d+\.\d{1,2}$/.test(s)) {
    s = s.replace('.', ',');
  }
  // Thousands dots must group digits by three ("1.234.567"), otherwise the text is garbage.
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)?(?:,(\d{0,2}))?$/.exec(s);
  if (!match) return null;
  const [, intPart, decPart] = match;
  if (intPart === undefined && !decPart) return null;

  const reais = Number((intPart ?? '0').replace(/\./g, ''));
  const centsPart = Number((decPart ?? '').padEnd(2, '0'));
  const cents = reais * 100 + centsPart;
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return null;
  return cents;
}

/**
 * Like `parseCurrency`, but a leading minus ("-150,00", "-R$ 150,00", "R$ -150,00") makes the
 * amount negative: for balances (a credit card's opening balance), never for entry amounts.
 */
export function parseSignedCurrency(text: string | null | undefined): number | null {
  if (text == null) return null;
  const s = text.replace(/R\$/gi, '').replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[-\u2212]/.test(s)) return parseCurrency(s);
  const cents = parseCurrency(s.slice(1));
  if (cents === null) return null;
  return cents === 0 ? 0 : -cents;
}

/**
 * A database numeric (PostgREST sends numbers, or strings for big values) to centavos,
 * without binary floating-point error. Negative values (balances) are kept.
 */
export function toCents(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Valor inválido: ${value}`);
    return Math.round(value * 100);
  }
  const match = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!match || (match[2] === '' && !match[3])) throw new RangeError(`Valor inválido: ${value}`);
  const [, sign, intPart = '', decPart = ''] = match;
  const cents2 = decPart.padEnd(3, '0');
  // Round half away from zero on the third decimal, as Postgres does for numeric.
  let cents = Number(intPart || '0') * 100 + Number(cents2.slice(0, 2));
  if (Number(cents2[2]) >= 5) cents += 1;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Centavos to the decimal text the database expects: 123456 → "1234.56", -50 → "-0.50". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Centavos inválidos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Splits a total into n instalments whose sum is exactly the total; the remainder
 * centavos go to the last one (10000 in 3 → 3333, 3333, 3334).
 */
export function splitInstallments(totalCents: number, n: number): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`Total inválido: ${totalCents}`);
  }
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`Número de parcelas inválido: ${n}`);
  const base = Math.floor(totalCents / n);
  const parts = Array.from({ length: n }, () => base);
  parts[n - 1] = totalCents - base * (n - 1);
  return parts;
}
