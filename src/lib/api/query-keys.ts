// Every query key of the app, company first, so a cache entry never crosses tenants and a whole
// branch can be invalidated at once. Kept in one place because money moves across features: a
// settlement changes entries, balances, reports and category/supplier statistics together.

const company = (companyId: string) => ['companies', companyId] as const;

export const companyKeys = {
  all: company,
  members: (companyId: string) => [...company(companyId), 'members'] as const,
  invitations: (companyId: string) => [...company(companyId), 'invitations'] as const,
};

export const bankAccountKeys = {
  all: (companyId: string) => [...company(companyId), 'bank-accounts'] as const,
  list: (companyId: string, filter: { activeOnly: boolean }) =>
    [...bankAccountKeys.all(companyId), 'list', filter] as const,
  detail: (companyId: string, id: string) => [...bankAccountKeys.all(companyId), 'detail', id] as const,
  ledger: (companyId: string, id: string) => [...bankAccountKeys.all(companyId), 'ledger', id] as const,
};

export const entryKeys = {
  all: (companyId: string) => [...company(companyId), 'entries'] as const,
  summary: (companyId: string, today: string) => [...entryKeys.all(companyId), 'summary', today] as const,
  pending: (companyId: string, kind: 'expense' | 'income') => [...entryKeys.all(companyId), 'pending', kind] as const,
  list: (companyId: string, filters: Record<string, unknown>) => [...entryKeys.all(companyId), 'list', filters] as const,
};

export const categoryKeys = {
  all: (companyId: string) => [...company(companyId), 'categories'] as const,
  list: (companyId: string, filter: { type?: 'income' | 'expense'; activeOnly: boolean }) =>
    [...categoryKeys.all(companyId), 'list', filter] as const,
  detail: (companyId: string, id: string) => [...categoryKeys.all(companyId), 'detail', id] as const,
};

export const supplierKeys = {
  all: (companyId: string) => [...company(companyId), 'suppliers'] as const,
  list: (companyId: string, filter: { activeOnly: boolean }) => [...supplierKeys.all(companyId), 'list', filter] as const,
  detail: (companyId: string, id: string) => [...supplierKeys.all(companyId), 'detail', id] as const,
};

export const clientKeys = {
  all: (companyId: string) => [...company(companyId), 'clients'] as const,
  list: (companyId: string, filter: { activeOnly: boolean }) => [...clientKeys.all(companyId), 'list', filter] as const,
};

export const projectKeys = {
  all: (companyId: string) => [...company(companyId), 'projects'] as const,
  list: (companyId: string) => [...projectKeys.all(companyId), 'list'] as const,
  detail: (companyId: string, id: string) => [...projectKeys.all(companyId), 'detail', id] as const,
};

export const reportKeys = {
  all: (companyId: string) => [...company(companyId), 'reports'] as const,
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
  ];
}
