// A supplier's NF-e XML (layout 4.00: `nfeProc` with the authorisation, or the bare `NFe`), read on
// the device with DOMParser: what Importar NF-e previews and sends to import_nfe.
import { toCents } from '@/lib/money';

export interface NfeDuplicata {
  number: string;
  dueDate: string;
  amountCents: number;
}

export interface NfeItem {
  name: string;
  unit: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface Nfe {
  /** Chave de acesso, 44 digits. */
  key: string;
  number: string;
  series: string;
  /** yyyy-MM-dd of dhEmi (the issuer's local date, as written). */
  issuedOn: string;
  totalCents: number;
  issuer: { name: string; document: string; address: string | null; phone: string | null };
  duplicatas: NfeDuplicata[];
  items: NfeItem[];
}

export const INVALID_NFE_MESSAGE =
  'Arquivo não reconhecido como NF-e. Use o XML da nota (versão 4.00) enviado pelo fornecedor.';

function child(parent: Element | Document | null, name: string): Element | null {
  if (!parent) return null;
  return parent.getElementsByTagNameNS('*', name)[0] ?? null;
}

function text(parent: Element | Document | null, name: string): string {
  return child(parent, name)?.textContent.trim() ?? '';
}

/** The chave's check digit (módulo 11 over the first 43 digits, weights 2…9 from the right). */
export function validNfeKey(key: string): boolean {
  if (!/^\d{44}$/.test(key)) return false;
  let sum = 0;
  let weight = 2;
  for (let i = 42; i >= 0; i--) {
    sum += Number(key[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  const dv = rest < 2 ? 0 : 11 - rest;
  return dv === Number(key[43]);
}

function cents(value: string): number | null {
  return /^\d+(\.\d{1,10})?$/.test(value) ? toCents(Number(value)) : null;
}

/** The NF-e in `xml`, or null when it is not one (or its key, dates or values do not hold). */
export function parseNfe(xml: string): Nfe | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  const inf = child(doc, 'infNFe');
  if (!inf) return null;
  const key = (text(doc, 'chNFe') || (inf.getAttribute('Id') ?? '').replace(/^NFe/, '')).trim();
  if (!validNfeKey(key)) return null;

  const ide = child(inf, 'ide');
  const emit = child(inf, 'emit');
  const number = text(ide, 'nNF');
  const series = text(ide, 'serie');
  const issuedOn = (text(ide, 'dhEmi') || text(ide, 'dEmi')).slice(0, 10);
  const totalCents = cents(text(child(inf, 'ICMSTot'), 'vNF'));
  const name = text(emit, 'xNome');
  const document = text(emit, 'CNPJ') || text(emit, 'CPF');
  if (!/^\d{1,9}$/.test(number) || !/^\d{4}-\d{2}-\d{2}$/.test(issuedOn) || totalCents === null) {
    return null;
  }
  if (name === '' || document === '') return null;

  const address = child(emit, 'enderEmit');
  const street = [text(address, 'xLgr'), text(address, 'nro')].filter(Boolean).join(', ');
  const place = [
    text(address, 'xBairro'),
    [text(address, 'xMun'), text(address, 'UF')].filter(Boolean).join('/'),
  ]
    .filter(Boolean)
    .join(' - ');
  const fullAddress = [street, place].filter(Boolean).join(' - ');

  const duplicatas: NfeDuplicata[] = [];
  for (const dup of Array.from(child(inf, 'cobr')?.getElementsByTagNameNS('*', 'dup') ?? [])) {
    const amountCents = cents(text(dup, 'vDup'));
    const dueDate = text(dup, 'dVenc');
    if (amountCents === null || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return null;
    duplicatas.push({ number: text(dup, 'nDup'), dueDate, amountCents });
  }

  const items: NfeItem[] = [];
  for (const det of Array.from(inf.getElementsByTagNameNS('*', 'det'))) {
    const prod = child(det, 'prod');
    const unitPriceCents = cents(text(prod, 'vUnCom'));
    const itemTotal = cents(text(prod, 'vProd'));
    if (unitPriceCents === null || itemTotal === null) return null;
    items.push({
      name: text(prod, 'xProd'),
      unit: text(prod, 'uCom'),
      quantity: Number(text(prod, 'qCom')) || 0,
      unitPriceCents,
      totalCents: itemTotal,
    });
  }

  return {
    key,
    number,
    series,
    issuedOn,
    totalCents,
    issuer: {
      name,
      document,
      address: fullAddress === '' ? null : fullAddress,
      phone: text(address, 'fone') || null,
    },
    duplicatas,
    items,
  };
}

const UNITS: Readonly<Record<string, string>> = {
  SC: 'saco',
  SACO: 'saco',
  M3: 'm3',
  M2: 'm2',
  KG: 'kg',
  TON: 'ton',
  T: 'ton',
  PC: 'peca',
  PCA: 'peca',
  PECA: 'peca',
  M: 'metro',
  MT: 'metro',
  L: 'litro',
  LT: 'litro',
};

/** The supplier products' unit for an NF-e's uCom ("SC" → saco); anything else is "unidade". */
export function productUnit(uCom: string): string {
  return UNITS[uCom.trim().toUpperCase()] ?? 'unidade';
}
