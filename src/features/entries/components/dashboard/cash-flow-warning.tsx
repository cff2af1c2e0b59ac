import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { cashFlowQuery, formatBalance } from '@/lib/cash-flow';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';

const HOME_HORIZON = 30;

/** The projection home summarises: all active accounts, the next 30 days. */
export function homeCashFlowQuery(companyId: string, today: string) {
  return cashFlowQuery(companyId, HOME_HORIZON, null, today);
}

export function useHomeCashFlow() {
  const { id } = useCurrentCompany();
  return useQuery(homeCashFlowQuery(id, todayLocal()));
}

/**
 * Home's summary of the Fluxo de caixa previsto (all active accounts, next 30 days): the first day
 * the projected balance goes negative and the payables that take it there, else the balance at the
 * end of the horizon. Nothing while loading or when the projection cannot be read: the Relatório
 * has the full view with its own error state.
 */
export function CashFlowWarning() {
  const projection = useHomeCashFlow();
  const titleId = useId();
  if (!projection.data) return null;
  const { firstNegative, days } = projection.data;
  const link = (
    <Link
      to="/relatorio?aba=fluxo"
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      Ver fluxo de caixa previsto
    </Link>
  );

  if (!firstNegative) {
    const last = days.at(-1);
    return (
      <section
        aria-labelledby={titleId}
        className="flex flex-col gap-1 rounded-lg border bg-card p-3 shadow-sm"
      >
        <h2 id={titleId} className="flex items-center gap-1.5 text-sm font-semibold">
          <TrendingUp className="size-4 text-income" aria-hidden="true" />
          Saldo previsto em {HOME_HORIZON} dias
        </h2>
        <p className="text-lg font-bold tabular-nums">
          {last ? formatBalance(last.balanceCents) : '—'}
        </p>
        {link}
      </section>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-expense/40 bg-expense/10 p-3"
    >
      <h2 id={titleId} className="flex items-start gap-1.5 text-sm font-semibold text-expense">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Saldo previsto fica negativo em {formatDate(firstNegative.date).slice(0, 5)}:{' '}
          <span className="whitespace-nowrap">{formatBalance(firstNegative.balanceCents)}</span>
        </span>
      </h2>
      {firstNegative.entries.length > 0 ? (
        <>
          <p className="text-xs text-muted-foreground">
            Contas a pagar até esse dia, maiores primeiro:
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {firstNegative.entries.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={`/lancamentos/${entry.kind}/${entry.id}`}
                  className="flex min-h-touch items-center justify-between gap-2 rounded-md px-1 hover:bg-background/60"
                >
                  <span className="min-w-0 break-words">
                    {entry.description}
                    <span className="block text-xs text-muted-foreground">
                      vence {formatDate(entry.dueDate)}
                    </span>
                  </span>
                  <span className="shrink-0 font-medium tabular-nums text-expense">
                    {formatCurrency(entry.openCents)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {link}
    </section>
  );
}
