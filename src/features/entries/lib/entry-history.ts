// What the Histórico of an entry says: Portuguese labels for the columns the audit log names,
// readable values (money, dates, names instead of ids), and a title per change.
import { format } from 'date-fns';
import {
  APPROVAL_LABELS,
  paidTotalLabel,
  PRINCIPAL_SETTLED_LABEL,
  type EntryKind,
} from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import { paymentMethodLabels } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';
import { fromDbParts } from '@/features/entries/lib/split';

export interface HistoryNames {
  categories: ReadonlyMap<string, string>;
  projects: ReadonlyMap<string, string>;
  bankAccounts: ReadonlyMap<string, string>;
}

export interface HistoryChange {
  column: string;
  label: string;
  before: string;
  after: string;
}

export interface HistoryLine {
  title: string;
  changes: HistoryChange[];
}

type Format =
  | 'text'
  | 'money'
  | 'date'
  | 'status'
  | 'approval'
  | 'method'
  | 'number'
  | 'parts'
  | keyof HistoryNames;

/** The column whose label depends on the entry's kind. */
const PAID_TOTAL = 'paid_total';

/**
 * The columns shown, in this order; the others (ids, timestamps, open_amount) are left out.
 * paid_total's label depends on the kind (see paidTotalLabel).
 */
const COLUMNS: readonly (readonly [column: string, label: string, format: Format])[] = [
  ['description', 'Descrição', 'text'],
  ['supplier_name', 'Fornecedor', 'text'],
  ['client_name', 'Cliente', 'text'],
  ['amount', 'Valor', 'money'],
  ['due_date', 'Vencimento', 'date'],
  ['status', 'Status', 'status'],
  ['payment_date', 'Data do pagamento', 'date'],
  ['received_date', 'Data do recebimento', 'date'],
  [PAID_TOTAL, 'Valor pago', 'money'],
  ['paid_amount', PRINCIPAL_SETTLED_LABEL, 'money'],
  ['interest_amount', 'Juros', 'money'],
  ['fine_amount', 'Multa', 'money'],
  ['discount_amount', 'Desconto', 'money'],
  ['project_id', 'Obra', 'projects'],
  ['category_id', 'Categoria', 'categories'],
  // The rateio (issue 33): each part's obra, categoria, amount and share, before and after.
  ['parts', 'Rateio', 'parts'],
  ['bank_account_id', 'Conta bancária', 'bankAccounts'],
  ['payment_method', 'Forma de pagamento', 'method'],
  ['notes', 'Observações', 'text'],
  ['installment_number', 'Parcela', 'number'],
  ['installment_count', 'Total de parcelas', 'number'],
  // A site expense's approval: who requested (the creation), who decided, when, and why not.
  ['approval_status', 'Aprovação', 'approval'],
  ['approval_reason', 'Motivo da recusa', 'text'],
];

export const EMPTY_VALUE = '—';

const NOT_ON_CREATION = new Set([
  'status',
  PAID_TOTAL,
  'paid_amount',
  'interest_amount',
  'fine_amount',
  'discount_amount',
]);

/** "PIX", "Transferência"…; an unknown stored value as it is. */
export function paymentMethodLabel(value: string): string {
  return Object.hasOwn(paymentMethodLabels, value)
    ? paymentMethodLabels[value as keyof typeof paymentMethodLabels]
    : value;
}

const STATUS_LABELS: Record<string, string> = { pending: 'Pendente', paid: 'Pago' };
const APPROVAL_HISTORY_LABELS: Record<string, string> = {
  ...APPROVAL_LABELS,
  approved: 'Aprovado',
};

function moneyText(value: unknown): string | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return formatCurrency(toCents(value));
  } catch {
    return null;
  }
}

/** The readable value, or undefined when it cannot be shown (an id whose name is unknown). */
function valueText(value: unknown, kind: Format, names: HistoryNames): string | undefined {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  switch (kind) {
    case 'money':
      return moneyText(value) ?? undefined;
    case 'date':
      return typeof value === 'string' ? formatDate(value) || value : undefined;
    case 'status':
      return typeof value === 'string' ? (STATUS_LABELS[value] ?? value) : undefined;
    case 'approval':
      return typeof value === 'string' ? (APPROVAL_HISTORY_LABELS[value] ?? value) : undefined;
    case 'method':
      return typeof value === 'string' ? paymentMethodLabel(value) : undefined;
    case 'number':
      return typeof value === 'number' ? String(value) : undefined;
    case 'text':
      return typeof value === 'string' ? value : undefined;
    case 'parts':
      return partsText(value, names);
    default:
      return typeof value === 'string' ? names[kind].get(value) : undefined;
  }
}

/** "Obra A · Materiais: R$ 10.800,00 (60%); Geral · Sem categoria: R$ 7.200,00 (40%)". */
function partsText(value: unknown, names: HistoryNames): string | undefined {
  const parts = fromDbParts(value as Parameters<typeof fromDbParts>[0]);
  if (!parts) return undefined;
  return parts
    .map((part) => {
      const project = part.projectId
        ? (names.projects.get(part.projectId) ?? 'Obra removida')
        : 'Geral';
      const category = part.categoryId
        ? (names.categories.get(part.categoryId) ?? 'Categoria removida')
        : 'Sem categoria';
      const share =
        part.percentHundredths === null
          ? ''
          : ` (${(part.percentHundredths / 100).toLocaleString('pt-BR')}%)`;
      return `${project} · ${category}: ${formatCurrency(part.amountCents)}${share}`;
    })
    .join('; ');
}

function paidDelta(changed: Record<string, { before: unknown; after: unknown }>): number {
  const paid = changed.paid_amount;
  if (!paid) return 0;
  const before = moneyText(paid.before) === null ? 0 : toCents(paid.before as number | string);
  const after = moneyText(paid.after) === null ? 0 : toCents(paid.after as number | string);
  return after - before;
}

export function describeHistoryItem(
  item: {
    action: 'insert' | 'update' | 'delete';
    changed: Record<string, { before: unknown; after: unknown }>;
  },
  kind: EntryKind,
  names: HistoryNames,
): HistoryLine {
  const changes: HistoryChange[] = [];
  for (const [column, label, fmt] of COLUMNS) {
    const change = item.changed[column];
    if (!change) continue;
    const before = valueText(change.before, fmt, names);
    const after = valueText(change.after, fmt, names);
    if (before === undefined || after === undefined) continue;
    // A creation lists what was filled in; blanks, the initial status and the zeroed payment
    // sums say nothing.
    if (item.action === 'insert' && (after === EMPTY_VALUE || NOT_ON_CREATION.has(column))) {
      continue;
    }
    // Every entry but a site request is born approved: saying so on each creation is noise.
    if (item.action === 'insert' && column === 'approval_status' && change.after === 'approved') {
      continue;
    }
    changes.push({
      column,
      label: column === PAID_TOTAL ? paidTotalLabel(kind) : label,
      before,
      after,
    });
  }

  let title: string;
  if (item.action === 'insert') title = 'Lançamento criado';
  else if (item.action === 'delete') title = 'Lançamento excluído';
  else {
    const delta = paidDelta(item.changed);
    const approval = item.changed.approval_status?.after;
    if (approval === 'approved') title = 'Lançamento aprovado';
    else if (approval === 'refused') title = 'Lançamento recusado';
    else if (approval === 'pending') title = 'Enviado novamente para aprovação';
    else if (delta > 0)
      title = kind === 'expense' ? 'Pagamento registrado' : 'Recebimento registrado';
    else if (delta < 0) title = 'Estorno';
    else title = 'Alteração';
  }
  return { title, changes };
}

/** "23/11/2026 às 14:05" in the browser's time zone. */
export function formatHistoryTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : format(date, "dd/MM/yyyy 'às' HH:mm");
}
