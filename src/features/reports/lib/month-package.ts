// The accountant's package ("Pacote do contador"): what one month of the company hands the
// accountant, as the files of one zip. Pure: the api file reads the month and the documents, this
// file names and writes the files, so the zip's listing and the CSVs are tested without a server.
// CSVs in the Excel-BR format of every export of the app (src/lib/csv.ts).
import { csvFile, csvNumber, csvText } from '@/lib/csv';
import { formatDate } from '@/lib/dates';
import { APPROVAL_LABELS, type EntryKind } from '@/lib/entries';
import { formatDocument } from '@/lib/br-documents';
import { formatCurrency } from '@/lib/money';
import { searchKey } from '@/lib/search-text';
import type { PaymentFigures } from '@/lib/api/entry-payment';
import { apportion } from '@/lib/apportion';

/** A part of a split entry (rateio, issue 33), named. */
export interface PackagePart {
  projectName: string | null;
  stageName: string | null;
  categoryName: string | null;
  amountCents: number;
}

/** One entry of the month, with what the accountant reads beside it. */
export interface PackageEntry {
  kind: EntryKind;
  id: string;
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  dueDate: string;
  status: 'pending' | 'paid';
  /** yyyy-MM-dd, when fully paid. */
  settledOn: string | null;
  paidCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  /** What moved: principal + juros + multa − desconto. */
  paidTotalCents: number;
  openCents: number;
  counterpartyName: string | null;
  /** CNPJ/CPF of the registered supplier or client, as stored. */
  counterpartyDocument: string | null;
  categoryName: string | null;
  projectName: string | null;
  stageName: string | null;
  bankAccountName: string | null;
  paymentMethod: string | null;
  installmentNumber: number | null;
  installmentCount: number | null;
  approvalStatus: 'pending' | 'approved' | 'refused';
  /** Documents of the entry and of all its payments (the paperclip). */
  documentCount: number;
  /** One of them is a comprovante (the database's rule, as Movimentações' Sem comprovante). */
  hasComprovante: boolean;
  /** The rateio: each part is a line of its own, its figures the entry's apportioned. */
  parts?: PackagePart[] | null;
}

/** The figures of a line: the entry's own, or its part's share of them (src/lib/apportion.ts). */
interface LineFigures {
  categoryName: string | null;
  projectName: string | null;
  stageName: string | null;
  amountCents: number;
  paidCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
  paidTotalCents: number;
  openCents: number;
  split: string;
}

/** An entry's lines: itself, or one per part with the entry's figures apportioned by the parts. */
function entryLines(e: PackageEntry): LineFigures[] {
  if (!e.parts || e.parts.length === 0) {
    return [{ ...e, split: '' }];
  }
  const weights = e.parts.map((part) => part.amountCents);
  const paid = apportion(weights, e.paidCents);
  const interest = apportion(weights, e.interestCents);
  const fine = apportion(weights, e.fineCents);
  const discount = apportion(weights, e.discountCents);
  return e.parts.map((part, i) => {
    const at = (values: number[]) => values[i] ?? 0;
    const paidTotal = at(paid) + at(interest) + at(fine) - at(discount);
    return {
      categoryName: part.categoryName,
      projectName: part.projectName,
      stageName: part.stageName,
      amountCents: part.amountCents,
      paidCents: at(paid),
      interestCents: at(interest),
      fineCents: at(fine),
      discountCents: at(discount),
      paidTotalCents: paidTotal,
      openCents: part.amountCents - at(paid),
      split: `${i + 1} de ${weights.length}`,
    };
  });
}

/** A split payment's share of one part, as the ledger has it (transactions.parts), in centavos. */
export interface PackagePaymentPart {
  amountCents: number;
  principalCents: number;
  interestCents: number;
  fineCents: number;
  discountCents: number;
}

/** One payment (Dar Baixa) made in the month, estornos included (the accountant books both). */
export interface PackagePayment extends PaymentFigures {
  id: string;
  kind: EntryKind;
  entryId: string;
  /** yyyy-MM-dd */
  paidOn: string;
  /**
   * Of a split entry's payment: its shares of each part, in the entry's parts' order, as the
   * ledger keeps them (cumulative over the entry's payments, so per part they sum to the entry's
   * figures and the DRE's). Null when not split or not known.
   */
  parts?: PackagePaymentPart[] | null;
}

/** A stored document of an entry (or of one of its payments) of the month. */
export interface PackageDocument {
  id: string;
  entryId: string;
  paymentId: string | null;
  /** comprovante | boleto | nota_fiscal | outro */
  kind: string;
  originalName: string;
  mime: string;
  storagePath: string;
  /** Hex SHA-256 the row recorded: the downloaded bytes must be these. */
  sha256: string;
}

export interface MonthPackageData {
  /** yyyy-MM: the month packed. */
  month: string;
  /** The browser's date: which pending entries are overdue. */
  today: string;
  entries: PackageEntry[];
  payments: PackagePayment[];
  documents: PackageDocument[];
  /** dre.csv's text, made by the DRE export. */
  dreCsv: string;
}

export const DOCUMENTS_FOLDER = 'documentos';

const KIND_LABELS: Record<EntryKind, string> = { expense: 'Despesa', income: 'Receita' };

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  transfer: 'Transferência',
  pix: 'PIX',
  card: 'Cartão',
  cash: 'Dinheiro',
};

/** The status an accountant reads: approval first, then the payment state on the packing day. */
export function packageStatus(entry: PackageEntry, today: string): string {
  if (entry.approvalStatus === 'pending') return APPROVAL_LABELS.pending;
  if (entry.approvalStatus === 'refused') return APPROVAL_LABELS.refused;
  if (entry.status === 'paid') return entry.kind === 'expense' ? 'Pago' : 'Recebido';
  if (entry.paidCents > 0) return entry.kind === 'expense' ? 'Pago em parte' : 'Recebido em parte';
  return entry.dueDate < today ? 'Atrasado' : 'Aberto';
}

function party(entry: Pick<PackageEntry, 'counterpartyName' | 'counterpartyDocument'>) {
  return {
    name: csvText(entry.counterpartyName),
    document: csvText(entry.counterpartyDocument ? formatDocument(entry.counterpartyDocument) : ''),
  };
}

export const LANCAMENTOS_HEADER = [
  'Tipo',
  'Status',
  'Vencimento',
  'Data do pagamento',
  'Descrição',
  'Fornecedor/Cliente',
  'CNPJ/CPF',
  'Categoria',
  'Obra',
  'Etapa',
  'Conta',
  'Forma de pagamento',
  'Parcela',
  'Valor',
  'Principal pago',
  'Juros',
  'Multa',
  'Desconto',
  'Total pago',
  'Em aberto',
  'Pagamentos',
  'Documentos',
  'Rateio',
] as const;

export function buildLancamentosCsv(data: MonthPackageData): string {
  const paymentCount = countBy(
    data.payments.filter((p) => !p.reversed),
    (p) => p.entryId,
  );
  // A split entry is one line per part (obra, etapa, categoria, its share of every figure).
  const rows = data.entries.flatMap((e) => {
    const p = party(e);
    return entryLines(e).map((line) =>
      [
        csvText(KIND_LABELS[e.kind]),
        csvText(packageStatus(e, data.today)),
        formatDate(e.dueDate),
        e.settledOn ? formatDate(e.settledOn) : '',
        csvText(e.description),
        p.name,
        p.document,
        csvText(line.categoryName ?? 'Sem categoria'),
        csvText(line.projectName ?? 'Geral'),
        csvText(line.stageName),
        csvText(e.bankAccountName),
        csvText(e.paymentMethod ? (PAYMENT_METHOD_LABELS[e.paymentMethod] ?? e.paymentMethod) : ''),
        e.installmentNumber && e.installmentCount
          ? `${e.installmentNumber}/${e.installmentCount}`
          : '',
        csvNumber(line.amountCents),
        csvNumber(line.paidCents),
        csvNumber(line.interestCents),
        csvNumber(line.fineCents),
        csvNumber(line.discountCents),
        csvNumber(line.paidTotalCents),
        csvNumber(line.openCents),
        String(paymentCount.get(e.id) ?? 0),
        String(e.documentCount),
        csvText(line.split),
      ].join(';'),
    );
  });
  return csvFile([LANCAMENTOS_HEADER.join(';'), ...rows]);
}

export const PAGAMENTOS_HEADER = [
  'Data',
  'Tipo',
  'Descrição',
  'Fornecedor/Cliente',
  'CNPJ/CPF',
  'Categoria',
  'Obra',
  'Conta',
  'Principal',
  'Juros',
  'Multa',
  'Desconto',
  'Valor pago',
  'Estorno',
  'Rateio',
] as const;

export function buildPagamentosCsv(data: MonthPackageData): string {
  const entries = new Map(data.entries.map((e) => [e.id, e]));
  // A payment of a split entry is one line per part: its shares as the ledger keeps them
  // (pay.parts); without them, each value apportioned by the parts' amounts.
  const rows = data.payments.flatMap((pay) => {
    const e = entries.get(pay.entryId);
    const p = e ? party(e) : { name: '', document: '' };
    const parts = e?.parts && e.parts.length > 0 ? e.parts : null;
    const weights = parts?.map((part) => part.amountCents) ?? [1];
    const kept = parts && pay.parts?.length === parts.length ? pay.parts : null;
    const share = (value: number, of: (part: PackagePaymentPart) => number) =>
      kept ? kept.map(of) : apportion(weights, value);
    const principal = share(pay.principalCents, (x) => x.principalCents);
    const interest = share(pay.interestCents, (x) => x.interestCents);
    const fine = share(pay.fineCents, (x) => x.fineCents);
    const discount = share(pay.discountCents, (x) => x.discountCents);
    const amount = share(pay.amountCents, (x) => x.amountCents);
    return weights.map((_, i) => {
      const part = parts?.[i];
      const at = (values: number[]) => csvNumber(values[i] ?? 0);
      return [
        formatDate(pay.paidOn),
        csvText(KIND_LABELS[pay.kind]),
        csvText(e?.description),
        p.name,
        p.document,
        csvText(!e ? '' : ((part ?? e).categoryName ?? 'Sem categoria')),
        csvText(!e ? '' : ((part ?? e).projectName ?? 'Geral')),
        csvText(pay.bankAccountName),
        at(principal),
        at(interest),
        at(fine),
        at(discount),
        at(amount),
        pay.reversed ? csvText(`Estornado em ${formatDate(pay.reversedOn)}`) : '',
        parts ? csvText(`${i + 1} de ${parts.length}`) : '',
      ].join(';');
    });
  });
  return csvFile([PAGAMENTOS_HEADER.join(';'), ...rows]);
}

/**
 * Entries with money paid and no comprovante on them or their payments: what the accountant will
 * ask for (Movimentações' Sem comprovante: a nota fiscal or a boleto does not prove a payment).
 */
export function entriesWithoutComprovante(data: MonthPackageData): PackageEntry[] {
  return data.entries.filter((e) => e.paidCents > 0 && !e.hasComprovante);
}

export const SEM_COMPROVANTE_HEADER = [
  'Data do pagamento',
  'Tipo',
  'Descrição',
  'Fornecedor/Cliente',
  'CNPJ/CPF',
  'Obra',
  'Conta',
  'Total pago',
] as const;

export function buildSemComprovanteCsv(data: MonthPackageData): string {
  const lastPayment = new Map<string, string>();
  for (const pay of data.payments) {
    if (pay.reversed) continue;
    const seen = lastPayment.get(pay.entryId);
    if (!seen || pay.paidOn > seen) lastPayment.set(pay.entryId, pay.paidOn);
  }
  const rows = entriesWithoutComprovante(data).map((e) => {
    const p = party(e);
    return [
      formatDate(e.settledOn ?? lastPayment.get(e.id) ?? null),
      csvText(KIND_LABELS[e.kind]),
      csvText(e.description),
      p.name,
      p.document,
      csvText(e.projectName ?? 'Geral'),
      csvText(e.bankAccountName),
      csvNumber(e.paidTotalCents),
    ].join(';');
  });
  return csvFile([SEM_COMPROVANTE_HEADER.join(';'), ...rows]);
}

// Characters Windows, macOS or a zip tool would refuse or read as a folder, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

function safePart(text: string, max: number): string {
  const clean = text.replace(UNSAFE_NAME, ' ').replace(/\s+/g, ' ').trim();
  const cut = clean.length > max ? clean.slice(0, max).trim() : clean;
  // A name ending in a dot or made only of dots is trouble on Windows.
  return cut.replace(/[. ]+$/, '') || 'documento';
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

function extensionOf(doc: Pick<PackageDocument, 'originalName' | 'mime'>): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(doc.originalName)?.[1];
  return (fromName ?? EXTENSIONS[doc.mime] ?? 'bin').toLowerCase();
}

/**
 * `AAAA-MM-DD - descrição - valor.ext`: the payment's date and amount for a payment's document,
 * else the entry's (its payment date when paid, else its due date), so the files sort by date.
 */
export function documentBaseName(
  doc: PackageDocument,
  entry: PackageEntry | undefined,
  payment: PackagePayment | undefined,
): string {
  const date = payment?.paidOn ?? entry?.settledOn ?? entry?.dueDate ?? '';
  const cents = payment ? payment.amountCents : (entry?.amountCents ?? 0);
  const description = safePart(entry?.description ?? doc.originalName, 80);
  const value = formatCurrency(cents).replace(/\u00a0/g, ' ');
  return `${date} - ${description} - ${value}`;
}

/** Zip paths for the documents, in order; a name taken already gets " (2)", " (3)"… */
export function documentPaths(data: MonthPackageData): string[] {
  const entries = new Map(data.entries.map((e) => [e.id, e]));
  const payments = new Map(data.payments.map((p) => [p.id, p]));
  const taken = new Set<string>();
  return data.documents.map((doc) => {
    const base = documentBaseName(
      doc,
      entries.get(doc.entryId),
      doc.paymentId ? payments.get(doc.paymentId) : undefined,
    );
    const ext = extensionOf(doc);
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} (${n}).${ext}`;
    taken.add(name.toLowerCase());
    return `${DOCUMENTS_FOLDER}/${name}`;
  });
}

/** The CSV files of the package, by zip path. */
export function packageCsvFiles(data: MonthPackageData): Record<string, string> {
  return {
    'lancamentos.csv': buildLancamentosCsv(data),
    'pagamentos.csv': buildPagamentosCsv(data),
    'dre.csv': data.dreCsv,
    'sem-comprovante.csv': buildSemComprovanteCsv(data),
  };
}

/** "pacote-contador-2026-11.zip" */
export function packageFileName(companyName: string, month: string): string {
  const company = searchKey(safePart(companyName, 60))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `pacote-contador-${company ? `${company}-` : ''}${month}.zip`;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
