import { Download, FileSpreadsheet } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { ProjectPicker } from '@/components/pickers/pickers';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ChipGroup, FilterChip } from '@/components/ui/filter-chip';
import { Label } from '@/components/ui/label';
import { useProjects } from '@/lib/api/lookups';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import { downloadCsv } from '@/lib/csv';
import { useCurrentCompany } from '@/lib/current-company';
import { sheetExportSpec } from '@/lib/export-table';
import type { XlsxExportSpec } from '@/lib/xlsx-export';
import { todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useDre, type Dre } from '@/features/reports/api/get-dre';
import { ReportCard } from '@/features/reports/components/report-card';
import {
  DRE_LINES,
  buildDreCsv,
  dreCsvFileName,
  dreExportSheet,
  dreXlsxFileName,
  monthLabel,
  signedCategoryCents,
} from '@/features/reports/lib/dre-lines';
import {
  DRE_BASIS_LABELS,
  MAX_DRE_MONTHS,
  dreRange,
  lastMonths,
  monthChoices,
  type DreBasis,
} from '@/features/reports/lib/dre-period';

/** Relatório → DRE gerencial: basis, months, obra; months as columns (desktop) or stacked (phone). */
export function DreSection() {
  const initial = lastMonths(todayLocal(), 3);
  const [startMonth, setStartMonth] = useState(initial.start);
  const [endMonth, setEndMonth] = useState(initial.end);
  const [basis, setBasis] = useState<DreBasis>('caixa');
  const [projectId, setProjectId] = useState<string | null>(null);
  const ids = { start: useId(), end: useId(), project: useId(), problem: useId() };
  const range = dreRange(startMonth, endMonth);
  const monthOptions = monthChoices(todayLocal());
  const dre = useDre(range, basis, projectId);
  const projects = useProjects();
  const projectName = projects.data?.find((p) => p.id === projectId)?.name ?? null;
  const company = useCurrentCompany();

  /** The figures on screen (the same query), in an Excel sheet. */
  function xlsxSpec(data: Dre, start: string, end: string): XlsxExportSpec {
    const sheet = dreExportSheet(data, basis, projectName);
    return sheetExportSpec(
      { ...sheet, title: `${company.name} · ${sheet.title}` },
      dreXlsxFileName(start, end, basis),
      'DRE',
    );
  }

  function exportCsv() {
    if (!dre.data || !range) return;
    downloadCsv(
      buildDreCsv(dre.data, basis, projectName),
      dreCsvFileName(range.start, range.end, basis),
    );
    toast.success('DRE exportado', { description: 'O arquivo CSV foi baixado.' });
  }

  return (
    <div className="flex flex-col gap-4">
      <ChipGroup label="Regime">
        {(Object.keys(DRE_BASIS_LABELS) as DreBasis[]).map((b) => (
          <FilterChip key={b} pressed={basis === b} onClick={() => setBasis(b)}>
            {DRE_BASIS_LABELS[b]}
          </FilterChip>
        ))}
      </ChipGroup>
      <p className="-mt-2 text-xs text-muted-foreground">
        {basis === 'caixa'
          ? 'Regime de caixa: o que foi pago e recebido, na data do pagamento (com juros e multa, menos desconto).'
          : 'Competência: todos os lançamentos pela data de vencimento, pelo valor total, pagos ou não.'}
      </p>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
        <MonthSelect
          id={ids.start}
          label="Mês inicial"
          value={startMonth}
          onChange={setStartMonth}
          options={monthOptions}
          invalid={!range}
          problemId={ids.problem}
        />
        <MonthSelect
          id={ids.end}
          label="Mês final"
          value={endMonth}
          onChange={setEndMonth}
          options={monthOptions}
          invalid={!range}
          problemId={ids.problem}
        />
        <div className="grid gap-2">
          <Label htmlFor={ids.project}>Obra</Label>
          <ProjectPicker
            id={ids.project}
            value={projectId}
            onChange={setProjectId}
            noneLabel="Todas as obras"
          />
        </div>
      </div>
      {range ? null : (
        <p id={ids.problem} role="alert" className="text-sm text-destructive">
          Escolha um período de 1 a {MAX_DRE_MONTHS} meses, com o mês final depois do inicial.
        </p>
      )}

      {range ? (
        <QueryState
          query={dre}
          loading="Carregando DRE..."
          loadingClassName="py-8"
          error="Não foi possível carregar o DRE."
        >
          {(data) => (
            <ReportCard
              title="DRE gerencial"
              icon={<FileSpreadsheet className="size-4" aria-hidden="true" />}
            >
              <div className="flex flex-col gap-4" aria-busy={dre.isFetching}>
                <DreTable dre={data} />
                <DreStacked dre={data} />
                <div className="flex flex-wrap items-start gap-2">
                  <Button variant="outline" onClick={exportCsv}>
                    <Download aria-hidden="true" />
                    Exportar CSV
                  </Button>
                  <XlsxExportButton makeSpec={() => xlsxSpec(data, range.start, range.end)} />
                </div>
              </div>
            </ReportCard>
          )}
        </QueryState>
      ) : null}
    </div>
  );
}

function amountClass(cents: number, result: boolean) {
  return cn(
    'whitespace-nowrap tabular-nums',
    result && 'font-semibold',
    result && cents < 0 && 'text-expense',
  );
}

/** Desktop: one column per month plus Total; categories indented under their line. */
function DreTable({ dre }: { dre: Dre }) {
  return (
    <div className="hidden overflow-x-auto lg:block">
      <table className="w-full text-sm">
        <caption className="sr-only">DRE gerencial por mês</caption>
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="px-2 py-2 text-left font-medium">
              Linha
            </th>
            {dre.months.map((m) => (
              <th
                key={m}
                scope="col"
                className="whitespace-nowrap px-2 py-2 text-right font-medium"
              >
                {monthLabel(m)}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {DRE_LINES.map((line) => (
            <Fragment key={line.key}>
              <tr className={cn('border-b', line.result && 'bg-muted/50')}>
                <th
                  scope="row"
                  className={cn(
                    'min-w-44 px-2 py-2 text-left',
                    line.result ? 'font-semibold' : 'font-medium',
                  )}
                >
                  {line.label}
                </th>
                {dre.byMonth.map((m, i) => (
                  <td
                    key={dre.months[i]}
                    className={cn('px-2 py-2 text-right', amountClass(m[line.key], line.result))}
                  >
                    {formatCurrency(m[line.key])}
                  </td>
                ))}
                <td
                  className={cn(
                    'px-2 py-2 text-right font-semibold',
                    amountClass(dre.total[line.key], line.result),
                  )}
                >
                  {formatCurrency(dre.total[line.key])}
                </td>
              </tr>
              {dre.categories
                .filter((c) => line.group && c.group === line.group)
                .map((c) => (
                  <tr
                    key={`${c.kind}-${c.id ?? 'none'}`}
                    className="border-b text-muted-foreground"
                  >
                    <th scope="row" className="py-1.5 pl-6 pr-2 text-left text-xs font-normal">
                      {c.name ?? 'Sem categoria'}
                    </th>
                    {dre.months.map((m) => (
                      <td
                        key={m}
                        className="whitespace-nowrap px-2 py-1.5 text-right text-xs tabular-nums"
                      >
                        {formatCurrency(signedCategoryCents(c.kind, c.group, c.byMonth[m] ?? 0))}
                      </td>
                    ))}
                    <td className="whitespace-nowrap px-2 py-1.5 text-right text-xs tabular-nums">
                      {formatCurrency(signedCategoryCents(c.kind, c.group, c.totalCents))}
                    </td>
                  </tr>
                ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phone: one block per month, then the total. */
function DreStacked({ dre }: { dre: Dre }) {
  const blocks = [
    ...dre.months.map((m, i) => ({
      key: m,
      title: monthLabel(m),
      lines: dre.byMonth[i] ?? dre.total,
    })),
    { key: 'total', title: 'Total do período', lines: dre.total },
  ];
  return (
    <div className="flex flex-col gap-3 lg:hidden">
      {blocks.map((block) => (
        <section key={block.key} aria-label={block.title} className="rounded-md border p-3">
          <h3 className="mb-2 text-sm font-semibold">{block.title}</h3>
          <dl className="grid gap-1 text-sm">
            {DRE_LINES.map((line) => (
              <div
                key={line.key}
                className={cn('flex justify-between gap-2', line.result && 'border-t pt-1')}
              >
                <dt className={cn(line.result ? 'font-semibold' : 'text-muted-foreground')}>
                  {line.label}
                </dt>
                <dd className={amountClass(block.lines[line.key], line.result)}>
                  {formatCurrency(block.lines[line.key])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** A native select of months ("Nov/2026"), the newest first. */
function MonthSelect({
  id,
  label,
  value,
  onChange,
  options,
  invalid,
  problemId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: string[];
  invalid: boolean;
  problemId: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? problemId : undefined}
        className="flex h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive md:text-sm"
      >
        {options.map((month) => (
          <option key={month} value={month}>
            {monthLabel(`${month}-01`)}
          </option>
        ))}
      </select>
    </div>
  );
}
