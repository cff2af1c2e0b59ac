// Every query key of the app, company first, so a cache entry never crosses tenants and a whole
// branch can be invalidated at once. Kept in one place because money moves across features: a
// settlement changes entries, balances, reports and category/supplier statistics together.

const company = (companyId: string) => ['companies', companyId] as const;

/** What belongs to the signed-in user rather than to one company (kept on company switch). */
export const sessionKeys = {
  all: (userId: string) => ['session', userId] as const,
  memberships: (userId: string) => [...sessionKeys.all(userId), 'memberships'] as const,
  /** invitation_preview of the link being opened (/convite/<token>). */
  invitation: (userId: string, token: string) =>
    [...sessionKeys.all(userId), 'invitation', token] as const,
  /** This device's Web Push state for the user (Preferências → Notificações); never saved. */
  pushDevice: (userId: string) => [...sessionKeys.all(userId), 'push-device'] as const,
};

export const companyKeys = {
  all: company,
  members: (companyId: string) => [...company(companyId), 'members'] as const,
  invitations: (companyId: string) => [...company(companyId), 'invitations'] as const,
  /** project_access: the obras of each 'obra' member. */
  memberProjects: (companyId: string) => [...company(companyId), 'member-projects'] as const,
  /** The company's own row as Empresa edits it. */
  settings: (companyId: string) => [...company(companyId), 'settings'] as const,
};

/** Rateio padrão (issue 33): the company's saved splits (split_templates). */
export const splitTemplateKeys = {
  all: (companyId: string) => [...company(companyId), 'split-templates'] as const,
  list: (companyId: string) => [...splitTemplateKeys.all(companyId), 'list'] as const,
};

/** Importar planilha (issue 34): the company's recent imports and its remembered column mappings. */
export const importKeys = {
  all: (companyId: string) => [...company(companyId), 'imports'] as const,
  /** import_batches, newest first (Importações recentes). */
  batches: (companyId: string) => [...importKeys.all(companyId), 'batches'] as const,
  /** import_mappings of one kind: { fieldKey: "Header text" } or null. */
  mapping: (companyId: string, kind: string) =>
    [...importKeys.all(companyId), 'mapping', kind] as const,
};

/** What the signed-in user chose to receive in this company, and what could not be sent to them. */
export const noticeSettingKeys = {
  all: (companyId: string) => [...company(companyId), 'notice-settings'] as const,
  /** notice_settings_for: the five kinds, defaults applied. */
  effective: (companyId: string) => [...noticeSettingKeys.all(companyId), 'effective'] as const,
  /** notice_deliveries that failed for good, recent first. */
  failed: (companyId: string) => [...noticeSettingKeys.all(companyId), 'failed'] as const,
};

/** Avisos of the signed-in user in this company (RLS: only their own rows). */
export const noticeKeys = {
  all: (companyId: string) => [...company(companyId), 'notices'] as const,
  /** The bell's count: a number. */
  unread: (companyId: string) => [...noticeKeys.all(companyId), 'unread'] as const,
  /** The list (Avisos): plain rows. */
  list: (companyId: string) => [...noticeKeys.all(companyId), 'list'] as const,
};

export const bankAccountKeys = {
  all: (companyId: string) => [...company(companyId), 'bank-accounts'] as const,
  list: (companyId: string, filter: { activeOnly: boolean }) =>
    [...bankAccountKeys.all(companyId), 'list', filter] as const,
  detail: (companyId: string, id: string) =>
    [...bankAccountKeys.all(companyId), 'detail', id] as const,
  ledger: (companyId: string, id: string) =>
    [...bankAccountKeys.all(companyId), 'ledger', id] as const,
  /** Pages of account_ledger for one period, search and estorno choice. */
  ledgerPages: (companyId: string, id: string, filters: Record<string, unknown>) =>
    [...bankAccountKeys.ledger(companyId, id), 'pages', filters] as const,
  /** bank_account_summary (Entradas / Saídas / Resultado) for the same period and search. */
  ledgerSummary: (companyId: string, id: string, filters: Record<string, unknown>) =>
    [...bankAccountKeys.ledger(companyId, id), 'summary', filters] as const,
};

/**
 * Conciliação bancária of one account. Under the bank accounts' branch, so whatever
 * moves money (`moneyKeys`) also refreshes the candidates and the statement balance.
 */
export const reconciliationKeys = {
  all: (companyId: string, accountId: string) =>
    [...bankAccountKeys.all(companyId), 'reconciliation', accountId] as const,
  lines: (companyId: string, accountId: string) =>
    [...reconciliationKeys.all(companyId, accountId), 'lines'] as const,
  candidates: (companyId: string, accountId: string) =>
    [...reconciliationKeys.all(companyId, accountId), 'candidates'] as const,
  categoryGuesses: (companyId: string, accountId: string) =>
    [...reconciliationKeys.all(companyId, accountId), 'category-guesses'] as const,
  balance: (companyId: string, accountId: string) =>
    [...reconciliationKeys.all(companyId, accountId), 'balance'] as const,
  /** The same statement_balance, as the account's detail page shows it (its own shape). */
  summary: (companyId: string, accountId: string) =>
    [...reconciliationKeys.all(companyId, accountId), 'summary'] as const,
};

export const entryKeys = {
  all: (companyId: string) => [...company(companyId), 'entries'] as const,
  summary: (companyId: string, today: string) =>
    [...entryKeys.all(companyId), 'summary', today] as const,
  pending: (companyId: string, kind: 'expense' | 'income') =>
    [...entryKeys.all(companyId), 'pending', kind] as const,
  list: (companyId: string, filters: Record<string, unknown>) =>
    [...entryKeys.all(companyId), 'list', filters] as const,
  /** Últimos lançamentos' count (latest_entries_count) for one due-date period. */
  latestCount: (companyId: string, filter: { start: string | null; end: string | null }) =>
    [...entryKeys.all(companyId), 'latest-count', filter] as const,
  /** Cards of Contas a Pagar / Receber (entry_list_summary). */
  listSummary: (companyId: string, kind: 'expense' | 'income', today: string) =>
    [...entryKeys.all(companyId), 'list-summary', kind, today] as const,
  /** Movimentações: pages of search_movements for one set of filters (today included). */
  movements: (companyId: string, filters: Record<string, unknown>) =>
    [...entryKeys.all(companyId), 'movements', filters] as const,
  /** Movimentações totals (movement_summary) for the same filters. */
  movementSummary: (companyId: string, filters: Record<string, unknown>) =>
    [...entryKeys.all(companyId), 'movements-summary', filters] as const,
  /** One entry's detail (/lancamentos/:kind/:id); its payments and history hang below it. */
  detail: (companyId: string, kind: 'expense' | 'income', id: string) =>
    [...entryKeys.all(companyId), 'detail', kind, id] as const,
  payments: (companyId: string, kind: 'expense' | 'income', id: string) =>
    [...entryKeys.detail(companyId, kind, id), 'payments'] as const,
  history: (companyId: string, kind: 'expense' | 'income', id: string) =>
    [...entryKeys.detail(companyId, kind, id), 'history'] as const,
  /** The entry's documents (its own and its payments'): Documentos of the detail. */
  documents: (companyId: string, kind: 'expense' | 'income', id: string) =>
    [...entryKeys.detail(companyId, kind, id), 'documents'] as const,
  /** Aprovações: the site expenses awaiting approval, with their requesters' names. */
  approvals: (companyId: string) => [...entryKeys.all(companyId), 'approvals'] as const,
  /** How many await approval (the navigation's badge). */
  approvalCount: (companyId: string) => [...entryKeys.all(companyId), 'approval-count'] as const,
  lookalikes: (
    companyId: string,
    party: { id: string | null; name: string },
    amountCents: number,
    dueDate: string,
  ) => [...entryKeys.all(companyId), 'lookalikes', party, amountCents, dueDate] as const,
};

export const categoryKeys = {
  all: (companyId: string) => [...company(companyId), 'categories'] as const,
  list: (companyId: string, filter: { type?: 'income' | 'expense'; activeOnly: boolean }) =>
    [...categoryKeys.all(companyId), 'list', filter] as const,
  detail: (companyId: string, id: string) =>
    [...categoryKeys.all(companyId), 'detail', id] as const,
  /** category_stats of one category as of the browser's today (detail cards, recent rows). */
  stats: (companyId: string, id: string, today: string) =>
    [...categoryKeys.detail(companyId, id), 'stats', today] as const,
};

export const supplierKeys = {
  all: (companyId: string) => [...company(companyId), 'suppliers'] as const,
  list: (companyId: string, filter: { activeOnly: boolean }) =>
    [...supplierKeys.all(companyId), 'list', filter] as const,
  detail: (companyId: string, id: string) =>
    [...supplierKeys.all(companyId), 'detail', id] as const,
  /** supplier_summary: active count and total spent of the list header. */
  summary: (companyId: string) => [...supplierKeys.all(companyId), 'summary'] as const,
  /** supplier_stats of one supplier (detail cards). */
  stats: (companyId: string, id: string) => [...supplierKeys.all(companyId), 'stats', id] as const,
  orders: (companyId: string, id: string) =>
    [...supplierKeys.all(companyId), 'orders', id] as const,
  products: (companyId: string, id: string) =>
    [...supplierKeys.all(companyId), 'products', id] as const,
};

export const clientKeys = {
  all: (companyId: string) => [...company(companyId), 'clients'] as const,
  list: (companyId: string, filter: { activeOnly: boolean }) =>
    [...clientKeys.all(companyId), 'list', filter] as const,
};

export const projectKeys = {
  all: (companyId: string) => [...company(companyId), 'projects'] as const,
  list: (companyId: string) => [...projectKeys.all(companyId), 'list'] as const,
  detail: (companyId: string, id: string) => [...projectKeys.all(companyId), 'detail', id] as const,
  /** The Obras screen: every obra with its paid expenses/revenues (project_financials). */
  overview: (companyId: string) => [...projectKeys.all(companyId), 'overview'] as const,
  stages: (companyId: string, id: string) =>
    [...projectKeys.detail(companyId, id), 'stages'] as const,
  team: (companyId: string, id: string) => [...projectKeys.detail(companyId, id), 'team'] as const,
  /** Orçado × realizado of one obra per stage (project_budget). */
  budget: (companyId: string, id: string) =>
    [...projectKeys.detail(companyId, id), 'budget'] as const,
  /** Paid receipts and expenses of one obra (Financeiro tab, from the entries view). */
  entries: (companyId: string, id: string) =>
    [...projectKeys.detail(companyId, id), 'entries'] as const,
};

export const activityKeys = {
  all: (companyId: string) => [...company(companyId), 'activity'] as const,
  /** Pages of company_activity for one person, kind and period. */
  list: (companyId: string, filters: Record<string, unknown>) =>
    [...activityKeys.all(companyId), 'list', filters] as const,
  /** Everyone who ever had a membership in the company (the "Pessoa" filter). */
  people: (companyId: string) => [...activityKeys.all(companyId), 'people'] as const,
};

export const reportKeys = {
  all: (companyId: string) => [...company(companyId), 'reports'] as const,
  /** report_summary for a period and account/obra filters. */
  summary: (companyId: string, filters: Record<string, unknown>) =>
    [...reportKeys.all(companyId), 'summary', filters] as const,
  /** balance_history (balance evolution per account) for a period and accounts. */
  balanceHistory: (companyId: string, filters: Record<string, unknown>) =>
    [...reportKeys.all(companyId), 'balance-history', filters] as const,
  /** cash_flow_projection for a horizon, account (null = all) and the browser's today. */
  cashFlow: (companyId: string, days: number, accountId: string | null, today: string) =>
    [...reportKeys.all(companyId), 'cash-flow', days, accountId, today] as const,
  /** dre (DRE gerencial) for a period, basis and obra. */
  dre: (companyId: string, args: Record<string, unknown>) =>
    [...reportKeys.all(companyId), 'dre', args] as const,
};

/**
 * What a movement of money makes stale: entries, balances and ledgers, reports, and the statistics
 * of categories, suppliers and obras.
 */
export function moneyKeys(companyId: string) {
  return [
    entryKeys.all(companyId),
    bankAccountKeys.all(companyId),
    reportKeys.all(companyId),
    categoryKeys.all(companyId),
    supplierKeys.all(companyId),
    clientKeys.all(companyId),
    projectKeys.all(companyId),
    activityKeys.all(companyId),
  ];
}

/**
 * The lists an offline screen needs to record an entry (the wizards' and Lançar's pickers: bank
 * accounts, categories, obras and their stages, suppliers, clients). The saved copy on the device
 * keeps them across any change (src/lib/offline/persist-cache.ts): a Dar Baixa made them stale, not
 * useless, and without them a site worker offline cannot record the next expense.
 */
export function isOfflineList(queryKey: readonly unknown[]): boolean {
  if (queryKey[0] !== 'companies') return false;
  const [, , branch, kind, , leaf] = queryKey;
  if (branch === 'projects') return kind === 'list' || (kind === 'detail' && leaf === 'stages');
  return (
    kind === 'list' &&
    (branch === 'bank-accounts' ||
      branch === 'categories' ||
      branch === 'suppliers' ||
      branch === 'clients')
  );
}
