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
