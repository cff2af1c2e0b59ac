// Boletos and PIX codes built with real check digits, for tests (unit and browser).
import {
  arrecadacaoBarcodeToLine,
  arrecadacaoModule,
  bancarioBarcodeToLine,
  mod11Bancario,
} from '@/lib/capture/check-digits';

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

/** FEBRABAN's fator de vencimento: days since 1997-10-07, restarting at 1000 on 2025-02-22. */
export function fatorVencimento(due: string): number {
  const restart = dayNumber('2025-02-22');
  const day = dayNumber(due);
  return day >= restart ? 1000 + (day - restart) : day - dayNumber('1997-10-07');
}

/** 44-digit barcode of a bancário boleto. */
export function bancarioBarcode(
  bank: string,
  due: string | null,
  cents: number,
  free = '1790010104351004791020150',
): string {
  const fator = due === null ? '0000' : String(fatorVencimento(due)).padStart(4, '0');
  const body = `${bank}9${fator}${String(cents).padStart(10, '0')}${free}`;
  const dv = mod11Bancario(body);
  return `${body.slice(0, 4)}${dv}${body.slice(4)}`;
}

/** 47-digit linha digitável of a bancário boleto. */
export function bancarioLine(
  bank: string,
  due: string | null,
  cents: number,
  free?: string,
): string {
  return bancarioBarcodeToLine(bancarioBarcode(bank, due, cents, free));
}

/** 48-digit linha of an arrecadação boleto; `id` 6 → mod 10, 8 → mod 11. */
export function arrecadacaoLine(
  segment: number,
  id: '6' | '7' | '8' | '9',
  cents: number,
  rest = '00291102005460339004695895061',
): string {
  const body = `8${segment}${id}${String(cents).padStart(11, '0')}${rest}`;
  const module = arrecadacaoModule(body);
  if (!module) throw new Error('bad id');
  const barcode = `${body.slice(0, 3)}${module(body)}${body.slice(3)}`;
  const line = arrecadacaoBarcodeToLine(barcode);
  if (!line) throw new Error('bad barcode');
  return line;
}

/** The same code with one digit changed (the check digits no longer hold). */
export function withWrongDigit(code: string, index: number): string {
  const digit = Number(code[index]);
  return code.slice(0, index) + String((digit + 1) % 10) + code.slice(index + 1);
}

export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** A static PIX BR Code ("copia e cola") with a real CRC16. */
export function pixCode(options: {
  key: string;
  name: string;
  city: string;
  amount?: string;
  description?: string;
  txid?: string;
}): string {
  const account =
    tlv('00', 'br.gov.bcb.pix') +
    tlv('01', options.key) +
    (options.description ? tlv('02', options.description) : '');
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (options.amount ? tlv('54', options.amount) : '') +
    tlv('58', 'BR') +
    tlv('59', options.name) +
    tlv('60', options.city) +
    tlv('62', tlv('05', options.txid ?? '***')) +
    '6304';
  return body + crc16(body);
}
