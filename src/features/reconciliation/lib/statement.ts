/** What an imported bank statement (OFX or CSV) says, in our terms: dates yyyy-MM-dd, centavos. */
export interface StatementLine {
  /** The bank's id of the line (OFX FITID); for CSV a hash of the line (see parse-csv.ts). */
  fitid: string;
  postedOn: string;
  /** Signed: negative = débito (money out), positive = crédito. */
  amountCents: number;
  memo: string;
  trnType: string | null;
}

export interface ParsedStatement {
  source: 'ofx' | 'csv';
  /** 'bank' for BANKMSGSRSV1, 'credit_card' for CREDITCARDMSGSRSV1. */
  kind: 'bank' | 'credit_card';
  bankId: string | null;
  branchId: string | null;
  accountId: string | null;
  currency: string | null;
  startDate: string;
  endDate: string;
  /** LEDGERBAL; null when the file has none (CSV). */
  ledgerBalanceCents: number | null;
  lines: StatementLine[];
}

/** A file we cannot read; `message` is for the user (Portuguese). */
export class StatementParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementParseError';
  }
}

/**
 * An amount as banks write it: "-150.00", "-150,00", "1.234,56", "1,234.56", "R$ -1.234,56".
 * The last separator followed by 1–2 digits is the decimal one. Returns centavos or null.
 */
export function parseBankAmount(text: string): number | null {
  let s = text.replace(/R\$/gi, '').replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^[-\u2212]/.test(s)) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  } else if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(s);
  let intText = s;
  let decText = '';
  if (decimal) {
    intText = s.slice(0, decimal.index);
    decText = decimal[1] ?? '';
  }
  // What is left may hold only thousands separators, grouping digits by three.
  if (intText !== '' && !/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(intText)) return null;
  const reais = Number(intText.replace(/[.,]/g, '') || '0');
  const cents = reais * 100 + Number(decText.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  if (cents === 0) return 0;
  return negative ? -cents : cents;
}

/** "20261010", "20261010120000" or with a time zone in brackets → "2026-10-10"; null when not a real date. */
export function parseOfxDate(text: string | undefined): string | null {
  const m = /^\s*(\d{4})(\d{2})(\d{2})/.exec(text ?? '');
  if (!m) return null;
  return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A calendar date as yyyy-MM-dd, or null when it does not exist (31/02). */
export function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Digits only, without leading zeros: "0012-3" and "123" are the same account. */
function digits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').replace(/^0+/, '');
}

/**
 * Does the file look like another account's? Only when the account has agency/number filled and
 * the file names one: the number must appear in ACCTID (banks often append the agency or the
 * check digit), and BRANCHID, when present, must be the agency.
 */
export function statementAccountMismatch(
  statement: Pick<ParsedStatement, 'accountId' | 'branchId'>,
  account: { agency: string | null; account_number: string | null },
): boolean {
  const number = digits(account.account_number);
  const fileAccount = digits(statement.accountId);
  if (number && fileAccount) {
    // Either side may carry the check digit or the agency in front.
    const baseNumber = number.length > 1 ? number.slice(0, -1) : number;
    if (
      !fileAccount.includes(number) &&
      !fileAccount.includes(baseNumber) &&
      !number.includes(fileAccount)
    ) {
      return true;
    }
  }
  const agency = digits(account.agency);
  const fileAgency = digits(statement.branchId);
  if (agency && fileAgency && !fileAgency.startsWith(agency) && !agency.startsWith(fileAgency)) {
    return true;
  }
  return false;
}
