// Fluxo de caixa previsto (cash_flow_projection): read by home (the warning) and by the
// Relatório (chart and weeks), so it lives here. Parsed without zod: home's first load must not
// carry it (docs/frontend.md).
import { queryOptions } from '@tanstack/react-query';
import { reportKeys } from '@/lib/api/query-keys';
import { formatCurrency, toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type CashFlowHorizon = 30 | 60 | 90;
export const CASH_FLOW_HORIZONS: CashFlowHorizon[] = [30, 60, 90];

export interface CashFlowDay {
  date: string;
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
}

export interface CashFlowCause {
  kind: 'expense' | 'income';
  id: string;
  description: string;
  dueDate: string;
  openCents: number;
}

export interface CashFlow {
  start: string;
  end: string;
  openingCents: number;
  days: CashFlowDay[];
  firstNegative: { date: string; balanceCents: number; entries: CashFlowCause[] } | null;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`cash_flow_projection: ${what} is not an object`);
  }
  return value as Record<string, unknown>;
}

function text(row: Record<string, unknown>, name: string): string {
  const value = row[name];
  if (typeof value !== 'string') throw new Error(`cash_flow_projection: ${name} is not text`);
  return value;
}

function cents(row: Record<string, unknown>, name: string): number {
  const value = row[name];
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new Error(`cash_flow_projection: ${name} is not an amount`);
  }
  return toCents(value);
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`cash_flow_projection: ${what} is not a list`);
  return value;
}

/** The function's json (reais) as centavos. */
export function parseCashFlow(data: unknown): CashFlow {
  const row = record(data, 'answer');
  const negative = row.first_negative == null ? null : record(row.first_negative, 'first_negative');
  return {
    start: text(row, 'start'),
    end: text(row, 'end'),
    openingCents: cents(row, 'opening_balance'),
    days: list(row.days, 'days').map((d) => {
      const day = record(d, 'day');
      return {
        date: text(day, 'date'),
        incomeCents: cents(day, 'income'),
        expenseCents: cents(day, 'expense'),
        balanceCents: cents(day, 'balance'),
      };
    }),
    firstNegative: negative && {
      date: text(negative, 'date'),
      balanceCents: cents(negative, 'balance'),
      entries: list(negative.entries, 'entries').map((e) => {
        const entry = record(e, 'entry');
        return {
          kind: text(entry, 'kind') === 'income' ? 'income' : 'expense',
          id: text(entry, 'id'),
          description: text(entry, 'description'),
          dueDate: text(entry, 'due_date'),
          openCents: cents(entry, 'open_amount'),
        };
      }),
    },
  };
}

export async function getCashFlow(
  companyId: string,
  days: number,
  accountId: string | null,
  today: string,
  signal?: AbortSignal,
): Promise<CashFlow> {
  let request = supabase.rpc('cash_flow_projection', {
    p_company_id: companyId,
    p_days: days,
    p_today: today,
    ...(accountId ? { p_bank_account_id: accountId } : {}),
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return parseCashFlow(data);
}

/** Under reportKeys: whatever moves money (moneyKeys) refreshes it. */
export function cashFlowQuery(
  companyId: string,
  days: number,
  accountId: string | null,
  today: string,
) {
  return queryOptions({
    queryKey: reportKeys.cashFlow(companyId, days, accountId, today),
    queryFn: ({ signal }) => getCashFlow(companyId, days, accountId, today, signal),
  });
}

/** A balance with a true minus sign: −R$ 3.450,00 (Intl writes a hyphen). */
export function formatBalance(cents: number): string {
  return formatCurrency(cents).replace(/^-/, '\u2212');
}
