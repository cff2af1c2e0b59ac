// Our adapter around ofx-js (5 KB, no dependencies, maintained): it reads OFX 1.x SGML (unclosed
// tags) and OFX 2.x XML, but takes a string and leaves every value as the file's text. Brazilian
// banks send OFX 1.02 in Windows-1252 (CHARSET:1252) or Latin-1, so the bytes are decoded here first,
// by the header, and dates, amounts (comma or point decimals) and the bank/credit-card variants are
// turned into our ParsedStatement.
import { parseSync } from 'ofx-js';
import {
  parseOfxDate,
  StatementParseError,
  type ParsedStatement,
  type StatementLine,
} from '@/features/reconciliation/lib/statement';
import { parseBankAmount } from '@/lib/bank-amount';

const NOT_OFX = 'Arquivo OFX inválido. Exporte o extrato novamente no site do banco.';

/**
 * The text of an OFX file from its bytes, in the encoding its header declares: OFX 1.x
 * `ENCODING:` / `CHARSET:` (1252 → windows-1252, ISO-8859-1 → latin1), OFX 2.x `<?xml encoding>`.
 * Without a declaration: UTF-8 when the bytes are valid UTF-8, else windows-1252.
 */
export function decodeOfxBytes(bytes: Uint8Array): string {
  // The header is ASCII; read it as Latin-1 (one byte, one character) to find the declaration.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const xmlEncoding = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  const sgmlEncoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1];
  const charset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1];

  let label: string | null = null;
  if (xmlEncoding) label = xmlEncoding;
  else if (sgmlEncoding && /utf-?8/i.test(sgmlEncoding)) label = 'utf-8';
  else if (charset && /^(1252|windows-?1252|cp1252)$/i.test(charset)) label = 'windows-1252';
  else if (charset && /8859-?1|latin-?1/i.test(charset)) label = 'latin1';

  if (label) {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown label: fall through to detection.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

type Node = Record<string, unknown>;

function asNode(value: unknown): Node | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

/** ofx-js gives one object for a single child and an array for several: always a list. */
function asList(value: unknown): Node[] {
  if (Array.isArray(value)) return value.map(asNode).filter((n): n is Node => !!n);
  const node = asNode(value);
  return node ? [node] : [];
}

function text(node: Node | undefined, key: string): string | null {
  const value = node?.[key];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The statement of the first account in the file (bank or credit card). */
function findStatement(ofx: Node): { rs: Node; kind: 'bank' | 'credit_card' } {
  const bank = asList(asNode(ofx.BANKMSGSRSV1)?.STMTTRNRS)[0];
  const bankRs = asNode(bank?.STMTRS);
  if (bankRs) return { rs: bankRs, kind: 'bank' };
  const card = asList(asNode(ofx.CREDITCARDMSGSRSV1)?.CCSTMTTRNRS)[0];
  const cardRs = asNode(card?.CCSTMTRS);
  if (cardRs) return { rs: cardRs, kind: 'credit_card' };
  throw new StatementParseError('O arquivo não tem extrato de conta nem de cartão.');
}

/** Parses the decoded text of an OFX file (1.x SGML or 2.x XML). */
export function parseOfxText(content: string): ParsedStatement {
  if (!/<OFX>/i.test(content)) throw new StatementParseError(NOT_OFX);
  let ofx: Node | undefined;
  try {
    // ofx-js splits on the upper-case tag; some exporters write it in lower case.
    ofx = asNode(parseSync(content.replace(/<(\/?)ofx>/gi, '<$1OFX>')).OFX);
  } catch {
    throw new StatementParseError(NOT_OFX);
  }
  if (!ofx) throw new StatementParseError(NOT_OFX);

  const { rs, kind } = findStatement(ofx);
  const from = asNode(rs.BANKACCTFROM) ?? asNode(rs.CCACCTFROM);
  const list = asNode(rs.BANKTRANLIST);

  const lines: StatementLine[] = [];
  for (const trn of asList(list?.STMTTRN)) {
    const postedOn = parseOfxDate(text(trn, 'DTPOSTED') ?? undefined);
    const amountText = text(trn, 'TRNAMT');
    const amountCents = amountText === null ? null : parseBankAmount(amountText);
    if (!postedOn || amountCents === null) {
      throw new StatementParseError(
        `Lançamento com data ou valor ilegível no arquivo (${text(trn, 'FITID') ?? 'sem FITID'}).`,
      );
    }
    // A zero line (an information line some banks add) moves nothing: nothing to reconcile.
    if (amountCents === 0) continue;
    const memo = text(trn, 'MEMO') ?? text(trn, 'NAME') ?? '';
    const fitid =
      text(trn, 'FITID') ??
      // Without FITID (rare), the line itself is its identity.
      `sem-fitid-${postedOn}-${amountCents}-${text(trn, 'CHECKNUM') ?? memo}`;
    lines.push({
      fitid: fitid.slice(0, 255),
      postedOn,
      amountCents,
      memo: memo.replace(/\s+/g, ' ').slice(0, 500),
      trnType: text(trn, 'TRNTYPE')?.slice(0, 20) ?? null,
    });
  }
  if (lines.length === 0) throw new StatementParseError('O extrato não tem lançamentos.');

  // The period covers DTSTART…DTEND and every line (some banks list a line outside it).
  const dates = lines.map((l) => l.postedOn);
  const declaredStart = parseOfxDate(text(list, 'DTSTART') ?? undefined);
  const declaredEnd = parseOfxDate(text(list, 'DTEND') ?? undefined);
  if (declaredStart) dates.push(declaredStart);
  if (declaredEnd) dates.push(declaredEnd);
  dates.sort();
  const startDate = dates[0] ?? '';
  const endDate = dates[dates.length - 1] ?? '';
  const balanceText = text(asNode(rs.LEDGERBAL), 'BALAMT');
  return {
    source: 'ofx',
    kind,
    bankId: text(from, 'BANKID'),
    branchId: text(from, 'BRANCHID'),
    accountId: text(from, 'ACCTID'),
    currency: text(rs, 'CURDEF'),
    startDate,
    endDate,
    ledgerBalanceCents: balanceText === null ? null : parseBankAmount(balanceText),
    lines,
  };
}

export function parseOfxBytes(bytes: Uint8Array): ParsedStatement {
  return parseOfxText(decodeOfxBytes(bytes));
}
