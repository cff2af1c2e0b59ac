// What a pasted, typed, scanned or shared payment code says: a boleto (bancário, 47-digit linha
// digitável or 44-digit barcode; arrecadação, 48 or 44 digits starting with 8) or a PIX BR Code
// ("copia e cola"). @brazilian-utils checks the digits and the PIX CRC16 and reads the fields; its
// fator de vencimento follows the 2025-02-22 restart at 1000 when given the user's today as the
// reference (tested in payment-codes.test.ts: a 2026 due date comes out in 2026).
import { getBoletoInfo } from '@brazilian-utils/brazilian-utils/get-boleto-info';
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info';
import { bankName } from '@/lib/capture/banks';
import { arrecadacaoBarcodeToLine, bancarioBarcodeToLine } from '@/lib/capture/check-digits';
import { parseIsoDate, toIsoDate, type IsoDate } from '@/lib/dates';

export const INVALID_BOLETO_MESSAGE = 'Código de barras inválido';
export const INVALID_PIX_MESSAGE = 'Código PIX inválido: confira se foi copiado inteiro.';

export interface BoletoCode {
  type: 'boleto';
  /** The linha digitável, digits only (47 bancário, 48 arrecadação): what bank apps take. */
  code: string;
  kind: 'bancario' | 'arrecadacao';
  /** Null when the boleto leaves the value to the payer (zero) or states a reference quantity. */
  amountCents: number | null;
  dueDate: IsoDate | null;
  bankCode: string | null;
  bankName: string | null;
}

export interface PixCode {
  type: 'pix';
  code: string;
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  key: string | null;
  description: string | null;
}

export type PaymentCodeReading = BoletoCode | PixCode | { type: 'invalid'; message: string } | null;

/** Digits of a boleto as people paste it: dots, spaces, hyphens and line breaks dropped. */
export function boletoDigits(text: string): string {
  return text.replace(/[\s.\-_]/g, '');
}

function looksLikeBoleto(bare: string): boolean {
  return /^\d+$/.test(bare) && [44, 47, 48].includes(bare.length);
}

/** A boleto's linha digitável (47/48 digits) from what was read; null when it has no boleto shape. */
function toLine(bare: string): string | null {
  if (bare.length === 47 || bare.length === 48) return bare;
  if (bare.startsWith('8')) return arrecadacaoBarcodeToLine(bare);
  return bancarioBarcodeToLine(bare);
}

function readBoleto(bare: string, today: IsoDate): PaymentCodeReading {
  const line = toLine(bare);
  const reference = parseIsoDate(today) ?? new Date();
  const info = line ? getBoletoInfo(line, { referenceDate: reference }) : null;
  if (!line || !info) return { type: 'invalid', message: INVALID_BOLETO_MESSAGE };
  if (info.type === 'arrecadacao') {
    return {
      type: 'boleto',
      code: line,
      kind: 'arrecadacao',
      amountCents: info.hasEffectiveValue && info.amount > 0 ? info.amount : null,
      dueDate: null,
      bankCode: null,
      bankName: null,
    };
  }
  return {
    type: 'boleto',
    code: line,
    kind: 'bancario',
    amountCents: info.amount > 0 ? info.amount : null,
    dueDate: info.expirationDate ? toIsoDate(info.expirationDate) : null,
    bankCode: info.bankCode,
    bankName: bankName(info.bankCode),
  };
}

function readPix(text: string): PaymentCodeReading {
  const info = getPixPayloadInfo(text);
  if (!info) return { type: 'invalid', message: INVALID_PIX_MESSAGE };
  return {
    type: 'pix',
    code: text,
    amountCents: info.amount === undefined ? null : Math.round(info.amount * 100),
    merchantName: info.merchantName.trim(),
    merchantCity: info.merchantCity.trim(),
    key: info.key ?? null,
    description: info.description?.trim() ? info.description.trim() : null,
  };
}

/**
 * Reads one code. `today` (the user's local date) picks the fator de vencimento's cycle. Null when
 * the text is neither shape (the caller leaves it alone); `invalid` when it has a code's shape but
 * a wrong digit or CRC (the caller says so and fills nothing).
 */
export function readPaymentCode(text: string, today: IsoDate): PaymentCodeReading {
  const trimmed = text.trim();
  if (trimmed.startsWith('000201')) return readPix(trimmed);
  const bare = boletoDigits(trimmed);
  if (looksLikeBoleto(bare)) return readBoleto(bare, today);
  return null;
}

/** True when the text has the shape of a boleto code (so a half-typed one is not judged). */
export function hasBoletoLength(text: string): boolean {
  return looksLikeBoleto(boletoDigits(text.trim()));
}

const BOLETO_IN_TEXT = /(?<![\d])(?:\d[\d .-]{42,}\d)(?![\d])/g;
const PIX_IN_TEXT = /000201[\x20-\x7E\u00C0-\u00FF]*?6304[0-9A-Fa-f]{4}/g;

/**
 * The boletos in a run of digit groups that is more than one (a phone number or a quantity on the
 * same line as the code, a PDF's text run together): each stretch of whole groups with a boleto's
 * length whose check digits hold, left to right.
 */
function boletosWithin(run: string, today: IsoDate): BoletoCode[] {
  const groups = run.match(/\d+/g) ?? [];
  const codes: BoletoCode[] = [];
  let start = 0;
  while (start < groups.length) {
    let digits = '';
    let next = start + 1;
    for (let end = start; end < groups.length && digits.length < 48; end++) {
      digits += groups[end] ?? '';
      if (!looksLikeBoleto(digits)) continue;
      const reading = readPaymentCode(digits, today);
      if (reading?.type === 'boleto') {
        codes.push(reading);
        next = end + 1;
        break;
      }
    }
    start = next;
  }
  return codes;
}

/** Every valid boleto and PIX code in a text (a shared message, a PDF's text), each once. */
export function findPaymentCodes(text: string, today: IsoDate): (BoletoCode | PixCode)[] {
  const found: (BoletoCode | PixCode)[] = [];
  const seen = new Set<string>();
  const add = (reading: PaymentCodeReading) => {
    if (!reading || reading.type === 'invalid' || seen.has(reading.code)) return;
    seen.add(reading.code);
    found.push(reading);
  };
  for (const match of text.matchAll(PIX_IN_TEXT)) add(readPaymentCode(match[0], today));
  for (const match of text.matchAll(BOLETO_IN_TEXT)) {
    const bare = boletoDigits(match[0]);
    if (looksLikeBoleto(bare)) add(readPaymentCode(bare, today));
    else for (const code of boletosWithin(match[0], today)) add(code);
  }
  return found;
}

// Dar Baixa shows the code without loading the readers above.
export { formatBoletoLine } from '@/lib/capture/format-boleto';
