// Atividade: the audit rows as a person reads them — which kind of row (Lançamento, Pagamento…),
// what happened, and the changed columns with readable labels and values (money, dates, yes/no).
import { formatCep, formatDocument } from '@/lib/br-documents';
import { COLOR_LABELS, isColorToken } from '@/lib/colors';
import { addDaysIso, formatDate, periodRange, type IsoDate } from '@/lib/dates';
import { paidTotalLabel, PRINCIPAL_SETTLED_LABEL, type EntryKind } from '@/lib/entries';
import {
  bankAccountTypeLabels,
  memberRoleLabels,
  paymentMethodLabels,
  priorityLabels,
  productFrequencyLabels,
  productUnitLabels,
  supplierOrderStatusLabels,
} from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';

export type ActivityEntity =
  | 'entry'
  | 'payment'
  | 'transfer'
  | 'bank_account'
  | 'category'
  | 'supplier'
  | 'client'
  | 'project'
  | 'member'
  | 'supplier_order'
  | 'supplier_product'
  | 'team_member'
  | 'stage'
  | 'company'
  | 'invitation'
  | 'statement'
  | 'statement_line'
  | 'project_access';

export const ENTITY_LABELS: Record<ActivityEntity, string> = {
  entry: 'Lançamento',
  payment: 'Pagamento',
  transfer: 'Transferência',
  bank_account: 'Conta bancária',
  category: 'Categoria',
  supplier: 'Fornecedor',
  client: 'Cliente',
  project: 'Obra',
  member: 'Membro',
  // company_activity's entities for the rest of the audited tables (migration 20261126030100).
  supplier_order: 'Pedido',
  supplier_product: 'Produto',
  team_member: 'Equipe da obra',
  stage: 'Etapa',
  company: 'Empresa',
  invitation: 'Convite',
  statement: 'Extrato bancário',
  statement_line: 'Lançamento do extrato',
  // An obra member's obras (set_member_access, accept_invitation): told as a sentence.
  project_access: 'Acesso às obras',
};

/** The kinds the filter offers: company_activity filters by these (not by obra access, which
 * the rows of Membro explain). */
export const ENTITIES = (Object.keys(ENTITY_LABELS) as ActivityEntity[]).filter(
  (entity) => entity !== 'project_access',
);

export function toEntity(value: string | null): ActivityEntity | null {
  return value !== null && value in ENTITY_LABELS ? (value as ActivityEntity) : null;
}

export type ActivityAction = 'insert' | 'update' | 'delete';

export const ACTION_LABELS: Record<ActivityAction, string> = {
  insert: 'criou',
  update: 'alterou',
  delete: 'excluiu',
};

export type ActivityPeriod = 'today' | 'week' | 'month' | 'last30' | 'all' | 'custom';

export const ACTIVITY_PERIOD_LABELS: Record<ActivityPeriod, string> = {
  today: 'Hoje',
  week: 'Semana',
  month: 'Mês',
  last30: 'Últimos 30 dias',
  all: 'Todo o período',
  custom: 'Personalizado',
};

export interface ActivityFilters {
  /** user id of the person, null = everybody */
  actor: string | null;
  entity: ActivityEntity | null;
  period: ActivityPeriod;
  customStart: IsoDate | null;
  customEnd: IsoDate | null;
}

export const DEFAULT_ACTIVITY_FILTERS: ActivityFilters = {
  actor: null,
  entity: null,
  period: 'all',
  customStart: null,
  customEnd: null,
};

export interface ActivityArgs {
  p_company_id: string;
  p_actor?: string;
  p_table?: string;
  p_start?: IsoDate;
  p_end?: IsoDate;
}

function activityRange(filters: ActivityFilters, today: IsoDate) {
  switch (filters.period) {
    case 'all':
      return { start: null, end: null };
    case 'custom':
      return { start: filters.customStart, end: filters.customEnd };
    case 'last30':
      return { start: addDaysIso(today, -29), end: today };
    default:
      return periodRange(filters.period, today);
  }
}

/** The arguments of company_activity (unset filters left out). */
export function toActivityArgs(
  companyId: string,
  filters: ActivityFilters,
  today: IsoDate,
): ActivityArgs {
  const args: ActivityArgs = { p_company_id: companyId };
  if (filters.actor) args.p_actor = filters.actor;
  if (filters.entity) args.p_table = filters.entity;
  const { start, end } = activityRange(filters, today);
  if (start) args.p_start = start;
  if (end) args.p_end = end;
  return args;
}

const COLUMN_LABELS: Record<string, string> = {
  description: 'Descrição',
  amount: 'Valor',
  due_date: 'Vencimento',
  status: 'Status',
  payment_date: 'Data do pagamento',
  received_date: 'Data do recebimento',
  transaction_date: 'Data',
  supplier_id: 'Fornecedor',
  supplier_name: 'Fornecedor',
  client_id: 'Cliente',
  client_name: 'Cliente',
  project_id: 'Obra',
  category_id: 'Categoria',
  bank_account_id: 'Conta bancária',
  payment_method: 'Forma de pagamento',
  notes: 'Observações',
  // The entry's Histórico and Dar Baixa name these two figures the same way (src/lib/entries.ts);
  // paid_total reads "Valor recebido" on a receivable (see describeChanges).
  paid_total: paidTotalLabel('expense'),
  paid_amount: PRINCIPAL_SETTLED_LABEL,
  principal_amount: PRINCIPAL_SETTLED_LABEL,
  open_amount: 'Em aberto',
  interest_amount: 'Juros',
  fine_amount: 'Multa',
  discount_amount: 'Desconto',
  installment_number: 'Parcela',
  installment_count: 'Parcelas',
  name: 'Nome',
  type: 'Tipo',
  direction: 'Sentido',
  alias: 'Apelido',
  agency: 'Agência',
  account_number: 'Número da conta',
  initial_balance: 'Saldo inicial',
  color: 'Cor',
  is_active: 'Ativo',
  phone: 'Telefone',
  email: 'E-mail',
  address: 'Endereço',
  document: 'CNPJ/CPF',
  website: 'Site',
  category: 'Categoria',
  budget: 'Orçamento',
  start_date: 'Início',
  end_date: 'Previsão de término',
  priority: 'Prioridade',
  completion_percentage: 'Progresso',
  full_name: 'Nome',
  role: 'Papel',
  rating: 'Avaliação',
  founded_on: 'Fundação',
  reversal_of: 'Estorno de',
  // Orders, products, team, company, invitations, stages.
  order_date: 'Data do pedido',
  delivery_date: 'Entrega',
  price: 'Preço',
  unit: 'Unidade',
  frequency: 'Frequência',
  contact: 'Contato',
  city: 'Cidade',
  state: 'Estado',
  zip_code: 'CEP',
  estimated_cost: 'Custo previsto',
  expires_at: 'Expira em',
  accepted_at: 'Aceito em',
  revoked_at: 'Cancelado em',
  invited_by: 'Convidado por',
  accepted_by: 'Aceito por',
  // Extratos: an import's lines are recorded by its statement (20261212010000).
  file_name: 'Arquivo',
  line_count: 'Lançamentos no arquivo',
  new_line_count: 'Lançamentos novos',
  conflict_line_count: 'Lançamentos em conflito',
  ledger_balance: 'Saldo do banco',
  // Aprovações.
  approval_status: 'Aprovação',
  approval_reason: 'Motivo da recusa',
  approval_decided_by: 'Decidido por',
  approval_decided_at: 'Decidido em',
};

/** Bookkeeping columns a person does not need to read. */
const HIDDEN = new Set([
  'id',
  'company_id',
  'created_by',
  'user_id',
  'series_id',
  'series_kind',
  'transfer_group_id',
  'payable_id',
  'receivable_id',
  'created_at',
  'updated_at',
  'current_balance',
]);

const MONEY = new Set([
  'amount',
  'paid_amount',
  'open_amount',
  'paid_total',
  'principal_amount',
  'interest_amount',
  'fine_amount',
  'discount_amount',
  'initial_balance',
  'price',
  'budget',
  'estimated_cost',
  'actual_cost',
  'ledger_balance',
]);

/** Stored values in Portuguese: the registers' labels, plus the books' own values. */
const VALUE_LABELS: Record<string, string> = {
  ...bankAccountTypeLabels,
  ...paymentMethodLabels,
  ...priorityLabels,
  ...supplierOrderStatusLabels,
  ...productUnitLabels,
  ...productFrequencyLabels,
  ...memberRoleLabels,
  pending: 'Pendente',
  paid: 'Pago',
  approved: 'Aprovado',
  refused: 'Recusado',
  income: 'Receita',
  expense: 'Despesa',
  transfer: 'Transferência',
  in: 'Entrada',
  out: 'Saída',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A timestamptz as JSON stores it (invitations' expires_at, accepted_at…). */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function formatActivityValue(column: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (MONEY.has(column) && (typeof value === 'number' || typeof value === 'string')) {
    return formatCurrency(toCents(value));
  }
  if (typeof value === 'string') {
    // CNPJ/CPF and CEP masked as the forms show them (br-documents).
    if (column === 'document') return formatDocument(value);
    if (column === 'zip_code') return formatCep(value);
    if (column === 'color' && isColorToken(value)) return COLOR_LABELS[value];
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Date(value).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
    }
    return VALUE_LABELS[value] ?? value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface ActivityChange {
  column: string;
  label: string;
  /** Formatted; null when the column points at another row (only "changed" is said). */
  before: string | null;
  after: string | null;
}

type Changed = Record<string, { before?: unknown; after?: unknown } | undefined>;

function isChanged(value: unknown): value is Changed {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Columns that record who did something: named from the company's people. */
const PERSON_COLUMNS = new Set(['accepted_by', 'invited_by', 'approval_decided_by']);

/**
 * The readable changes of a row, in a stable order (known columns first, as labelled). `person`
 * names the user ids of who-columns (accepted_by…); other references only say they changed.
 */
export function describeChanges(
  changed: unknown,
  entryKind: EntryKind | null = null,
  person?: (userId: string) => string | undefined,
): ActivityChange[] {
  const personName = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? '—'
      : ((typeof value === 'string' ? person?.(value) : undefined) ?? 'Pessoa removida');
  if (!isChanged(changed)) return [];
  const order = Object.keys(COLUMN_LABELS);
  return Object.entries(changed)
    .filter(([column]) => !HIDDEN.has(column))
    .sort(([a], [b]) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.localeCompare(b);
    })
    .map(([column, change]) => {
      if (person && PERSON_COLUMNS.has(column)) {
        return {
          column,
          label: COLUMN_LABELS[column] ?? column,
          before: personName(change?.before),
          after: personName(change?.after),
        };
      }
      const reference =
        column.endsWith('_id') || column.endsWith('_by') || column === 'reversal_of';
      return {
        column,
        label:
          column === 'paid_total' && entryKind
            ? paidTotalLabel(entryKind)
            : (COLUMN_LABELS[column] ?? column),
        before: reference ? null : formatActivityValue(column, change?.before),
        after: reference ? null : formatActivityValue(column, change?.after),
      };
    });
}

/** What the row is called: its description or name as it was recorded, if any. */
export function activitySubject(changed: unknown): string | null {
  if (!isChanged(changed)) return null;
  // An invitation is known by the address it was sent to.
  for (const column of ['description', 'name', 'full_name', 'email']) {
    const change = changed[column];
    const value = change?.after ?? change?.before;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** Names the activity rows point at by id: people by user id and by profile id, obras by id. */
export interface ActivityNames {
  person: (userId: string) => string | undefined;
  member: (profileId: string) => string | undefined;
  obra: (projectId: string) => string | undefined;
}

function recordedId(changed: unknown, column: string): string | null {
  if (!isChanged(changed)) return null;
  const value = changed[column]?.after ?? changed[column]?.before;
  return typeof value === 'string' ? value : null;
}

/**
 * An obra given to or taken from a member, as a sentence after who did it: "deu a Enzo acesso
 * à obra Edifício Aurora", "retirou de Enzo o acesso à obra Edifício Aurora".
 */
export function accessSentence(
  action: ActivityAction,
  changed: unknown,
  names: ActivityNames,
): string {
  const userId = recordedId(changed, 'user_id');
  const projectId = recordedId(changed, 'project_id');
  const member = (userId ? names.person(userId) : undefined) ?? 'um membro';
  const obra = (projectId ? names.obra(projectId) : undefined) ?? 'removida';
  return action === 'delete'
    ? `retirou de ${member} o acesso à obra ${obra}`
    : `deu a ${member} acesso à obra ${obra}`;
}

/**
 * What the row is called. A member's row that changed only the role records no name: the
 * member is named from the company's people.
 */
export function activityRowSubject(
  entity: ActivityEntity | null,
  rowId: string,
  changed: unknown,
  names: ActivityNames,
): string | null {
  return activitySubject(changed) ?? (entity === 'member' ? (names.member(rowId) ?? null) : null);
}
