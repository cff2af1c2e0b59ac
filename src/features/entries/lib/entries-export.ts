// Contas a Pagar / Receber as a sheet (Exportar Excel): the pending bills then the settled ones, one
// row per bill or, for a rateio, one row per part (its obra, categoria and apportioned figures,
// Rateio "1 de 3" as Movimentações' CSV writes it); under them the screen's cards as the server
// summed them.
import { apportion } from '@/lib/apportion';
import { isOverdue } from '@/lib/dates';
import type { Entry, EntryKind } from '@/lib/entries';
import type { ExportColumn, ExportRow } from '@/lib/export-table';
import { toCents } from '@/lib/money';

export const ENTRY_EXPORT_TEXTS = {
  expense: { title: 'Contas a Pagar', party: 'Fornecedor', paid: 'Paga', paidTotal: 'Total pago' },
  income: {
    title: 'Contas a Receber',
    party: 'Cliente',
    paid: 'Recebida',
    paidTotal: 'Total recebido',
  },
} as const;

export function entryExportColumns(kind: EntryKind): ExportColumn[] {
  return [
    { header: 'Vencimento', type: 'date', width: 12 },
    { header: kind === 'expense' ? 'Pagamento' : 'Recebimento', type: 'date', width: 13 },
    { header: 'Status', type: 'text', width: 11 },
    { header: 'Descrição', type: 'text', width: 36 },
    { header: ENTRY_EXPORT_TEXTS[kind].party, type: 'text', width: 28 },
    { header: 'Categoria', type: 'text', width: 22 },
    { header: 'Obra', type: 'text', width: 22 },
    { header: 'Conta', type: 'text', width: 22 },
    { header: 'Parcela', type: 'text', width: 8 },
    { header: 'Valor', type: 'money', width: 16 },
    { header: kind === 'expense' ? 'Pago' : 'Recebido', type: 'money', width: 16 },
    { header: 'Em aberto', type: 'money', width: 16 },
    { header: 'Rateio', type: 'text', width: 9 },
  ];
}

/** A saved rateio part: obra and categoria ids and its amount in reais. */
interface SavedPart {
  projectId: string | null;
  categoryId: string | null;
  amountCents: number;
}

function savedParts(raw: unknown): SavedPart[] | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  return raw.map((value: unknown) => {
    const part = (value ?? {}) as { project_id?: unknown; category_id?: unknown; amount?: unknown };
    return {
      projectId: typeof part.project_id === 'string' ? part.project_id : null,
      categoryId: typeof part.category_id === 'string' ? part.category_id : null,
      amountCents:
        typeof part.amount === 'number' || typeof part.amount === 'string'
          ? toCents(part.amount)
          : 0,
    };
  });
}

export interface EntryExportNames {
  projects: ReadonlyMap<string, string>;
  categories: ReadonlyMap<string, string>;
}

/** The export rows of one bill (one per part for a rateio). */
export function entryExportRows(
  entry: Entry,
  rawParts: unknown,
  names: EntryExportNames,
  today: string,
): ExportRow[] {
  const status =
    entry.status === 'paid'
      ? ENTRY_EXPORT_TEXTS[entry.kind].paid
      : isOverdue(entry.dueDate, today)
        ? 'Em atraso'
        : 'Pendente';
  const installment =
    entry.installmentNumber && entry.installmentCount
      ? `${entry.installmentNumber}/${entry.installmentCount}`
      : null;
  const row = (
    categoryName: string | null,
    projectName: string | null,
    amount: number,
    paid: number,
    open: number,
    split: string | null,
  ): ExportRow => [
    entry.dueDate,
    entry.settledOn,
    status,
    entry.description,
    entry.counterpartyName,
    categoryName ?? 'Sem categoria',
    projectName ?? 'Geral',
    entry.bankAccountName,
    installment,
    amount,
    paid,
    open,
    split,
  ];
  const parts = savedParts(rawParts);
  if (!parts) {
    return [
      row(
        entry.categoryName,
        entry.projectName,
        entry.amountCents,
        entry.paidCents,
        entry.openCents,
        null,
      ),
    ];
  }
  // Apportioned by the parts' amounts, the database's rule (private.apportion): exact to the centavo.
  const weights = parts.map((p) => p.amountCents);
  const paid = apportion(weights, entry.paidCents);
  const open = apportion(weights, entry.openCents);
  return parts.map((part, i) =>
    row(
      part.categoryId ? (names.categories.get(part.categoryId) ?? 'Categoria') : null,
      part.projectId ? (names.projects.get(part.projectId) ?? 'Obra') : null,
      part.amountCents,
      paid[i] ?? 0,
      open[i] ?? 0,
      `${i + 1} de ${parts.length}`,
    ),
  );
}

/** The screen's cards under the rows: what is open (Em aberto) and what was paid (Pago). */
export function entryTotalsRows(
  kind: EntryKind,
  summary: { pendingCents: number; paidCents: number },
): ExportRow[] {
  const blank = (): ExportRow => Array<ExportRow[number]>(13).fill(null);
  const pending = blank();
  pending[3] = 'Total pendente';
  pending[11] = summary.pendingCents;
  const paid = blank();
  paid[3] = ENTRY_EXPORT_TEXTS[kind].paidTotal;
  paid[10] = summary.paidCents;
  return [pending, paid];
}
