import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarRange } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LineChart, type ChartSeries } from '@/components/chart/line-chart';
import { BankAccountPicker } from '@/components/pickers/pickers';
import { QueryState } from '@/components/query-state';
import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import { Label } from '@/components/ui/label';
import {
  CASH_FLOW_HORIZONS,
  cashFlowQuery,
  formatBalance,
  type CashFlow,
  type CashFlowHorizon,
} from '@/lib/cash-flow';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDateWith } from '@/lib/date-format';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import { sheetExportSpec } from '@/lib/export-table';
import { useBankAccounts } from '@/lib/api/lookups';
import { ReportCard } from '@/features/reports/components/report-card';
import { cashFlowExportSheet } from '@/features/reports/lib/cash-flow-export';
import { groupByWeek } from '@/features/reports/lib/cash-flow-weeks';

/** Relatório → Fluxo de caixa previsto: horizon, account, chart, first negative day, weeks. */
export function CashFlowSection() {
  const company = useCurrentCompany();
  const { id } = company;
  const [days, setDays] = useState<CashFlowHorizon>(30);
  const [accountId, setAccountId] = useState<string | null>(null);
  const accountSelectId = useId();
  const projection = useQuery({
    ...cashFlowQuery(id, days, accountId, todayLocal()),
    placeholderData: keepPreviousData,
  });
  const accounts = useBankAccounts({ activeOnly: false, enabled: accountId !== null });
  const accountName = accounts.data?.find((a) => a.id === accountId)?.name ?? null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <ChipGroup label="Próximos">
          {CASH_FLOW_HORIZONS.map((h) => (
            <FilterChip key={h} pressed={days === h} onClick={() => setDays(h)}>
              {h} dias
            </FilterChip>
          ))}
        </ChipGroup>
        <div className="grid gap-2 lg:w-72">
          <Label htmlFor={accountSelectId}>Conta</Label>
          <BankAccountPicker
            id={accountSelectId}
            value={accountId}
            onChange={setAccountId}
            noneLabel="Todas as contas"
          />
        </div>
      </div>

      <QueryState
        query={projection}
        loading="Carregando previsão..."
        loadingClassName="py-8"
        error="Não foi possível carregar o fluxo de caixa previsto."
      >
        {(flow) => (
          <div className="flex flex-col gap-4" aria-busy={projection.isFetching}>
            <ProjectionSummary flow={flow} />
            <ReportCard
              title="Saldo previsto por dia"
              icon={<CalendarRange className="size-4" aria-hidden="true" />}
            >
              <BalanceLine flow={flow} />
            </ReportCard>
            <ReportCard title="Por semana">
              <WeekTable flow={flow} />
            </ReportCard>
            <XlsxExportButton
              className="self-start"
              makeSpec={() =>
                sheetExportSpec(
                  cashFlowExportSheet(
                    flow,
                    `${company.name} · Fluxo de caixa previsto · Próximos ${days} dias · ${accountName ?? 'Todas as contas'}`,
                  ),
                  `fluxo-de-caixa-${flow.start}-a-${flow.end}.xlsx`,
                  'Fluxo de caixa',
                )
              }
            />
            <p className="text-xs text-muted-foreground">
              Saldo de hoje das contas ativas, mais as contas a receber e menos as contas a pagar
              pendentes na data de vencimento: as atrasadas contam hoje e as pagas em parte, pelo
              valor em aberto. Recorrências e parcelas entram porque cada ocorrência já é um
              lançamento pendente (criadas todas ao lançar a série). Em uma conta, só os lançamentos
              dessa conta; lançamentos sem conta entram apenas em “Todas as contas”.
            </p>
          </div>
        )}
      </QueryState>
    </div>
  );
}

function ProjectionSummary({ flow }: { flow: CashFlow }) {
  const last = flow.days.at(-1);
  const negative = flow.firstNegative;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <dl className="grid grid-cols-2 gap-2 rounded-lg border bg-card p-3 shadow-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Saldo hoje</dt>
          <dd className="font-semibold tabular-nums">{formatBalance(flow.openingCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Saldo em {formatDate(flow.end)}</dt>
          <dd
            className={cn(
              'font-semibold tabular-nums',
              last && last.balanceCents < 0 ? 'text-expense' : 'text-income',
            )}
          >
            {last ? formatBalance(last.balanceCents) : '—'}
          </dd>
        </div>
      </dl>
      {negative ? (
        <div
          role="status"
          className="rounded-lg border border-expense/40 bg-expense/10 p-3 text-sm"
        >
          <p className="flex items-start gap-1.5 font-semibold text-expense">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Saldo previsto fica negativo em {formatDateWith(negative.date, 'dd/MM')}:{' '}
            {formatBalance(negative.balanceCents)}
          </p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {negative.entries.map((e) => (
              <li key={e.id} className="flex justify-between gap-2">
                <Link
                  to={`/lancamentos/${e.kind}/${e.id}`}
                  className="min-w-0 break-words underline-offset-4 hover:underline"
                >
                  {e.description}{' '}
                  <span className="text-muted-foreground">({formatDate(e.dueDate)})</span>
                </Link>
                <span className="shrink-0 tabular-nums">{formatCurrency(e.openCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p role="status" className="rounded-lg border bg-card p-3 text-sm text-muted-foreground">
          O saldo previsto não fica negativo nos próximos {flow.days.length} dias.
        </p>
      )}
    </div>
  );
}

/** The daily projected balance on the one chart component; the week table below carries the figures. */
function BalanceLine({ flow }: { flow: CashFlow }) {
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        id: 'saldo-previsto',
        label: 'Saldo previsto',
        color: 'primary',
        values: flow.days.map((d) => d.balanceCents),
      },
    ],
    [flow],
  );
  const dates = useMemo(() => flow.days.map((d) => d.date), [flow]);
  const first = flow.days[0];
  const last = flow.days.at(-1);
  return (
    <LineChart
      label={`Saldo previsto de ${formatDate(flow.start)} a ${formatDate(flow.end)}: de ${formatBalance(first?.balanceCents ?? 0)} a ${formatBalance(last?.balanceCents ?? 0)}`}
      dates={dates}
      series={series}
      height={180}
      fill
    />
  );
}

function WeekTable({ flow }: { flow: CashFlow }) {
  const weeks = groupByWeek(flow.days);
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full text-xs sm:text-sm">
        <caption className="sr-only">Fluxo de caixa previsto por semana</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="px-1.5 py-2 font-medium">
              Semana
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-medium">
              Entradas
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-medium">
              Saídas
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-medium">
              Saldo ao fim
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.start} className="border-b last:border-0">
              <th
                scope="row"
                className="whitespace-nowrap px-1.5 py-2 text-left font-normal sm:px-2"
              >
                {formatDateWith(w.start, 'dd/MM')}
                <span className="text-muted-foreground">–{formatDateWith(w.end, 'dd/MM')}</span>
              </th>
              <td className="whitespace-nowrap px-1.5 py-2 text-right tabular-nums text-income sm:px-2">
                {formatCurrency(w.incomeCents)}
              </td>
              <td className="whitespace-nowrap px-1.5 py-2 text-right tabular-nums text-expense sm:px-2">
                {formatCurrency(w.expenseCents)}
              </td>
              <td
                className={cn(
                  'whitespace-nowrap px-1.5 py-2 text-right font-medium tabular-nums sm:px-2',
                  w.closingCents < 0 && 'text-expense',
                )}
              >
                {formatBalance(w.closingCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
