import { Amount } from '@/components/amount';
import { QueryState } from '@/components/query-state';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import { useCurrentCompany } from '@/lib/current-company';
import { sheetExportSpec } from '@/lib/export-table';
import { todayLocal } from '@/lib/dates';
import { budgetExportSheet } from '@/features/projects/lib/budget-export';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress, type ProgressColor } from '@/components/ui/progress';
import { useProjectBudget, type BudgetLine } from '@/features/projects/api/get-project-budget';
import { BudgetWarning } from '@/features/projects/components/budget-warning';
import { budgetLevel, budgetUsedPercent } from '@/features/projects/lib/project-view';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

const BAR_COLOR: Record<ReturnType<typeof budgetLevel>, ProgressColor> = {
  ok: 'primary',
  near: 'warning',
  over: 'expense',
};

function Figure({
  label,
  cents,
  className,
}: {
  label: string;
  cents: number | null;
  className?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('truncate text-sm font-medium tabular-nums', className)}>
        {cents === null ? '—' : formatCurrency(cents)}
      </dd>
    </div>
  );
}

/** Orçado, realizado, comprometido, saldo and % used of one line (a stage, Sem etapa or the obra). */
function BudgetFigures({ line, title }: { line: BudgetLine; title: string }) {
  const used = line.realizedCents + line.committedCents;
  const level = budgetLevel(used, line.budgetCents);
  const percent = budgetUsedPercent(used, line.budgetCents);
  const balance = line.budgetCents === null ? null : line.budgetCents - used;
  return (
    <div className="grid grid-cols-1 gap-2">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Figure label="Orçado" cents={line.budgetCents} />
        <Figure label="Realizado" cents={line.realizedCents} className="text-expense" />
        <Figure label="Comprometido" cents={line.committedCents} className="text-warning" />
        <Figure
          label="Saldo"
          cents={balance}
          className={balance !== null && balance < 0 ? 'text-expense' : undefined}
        />
      </dl>
      {percent !== null ? (
        <div className="grid grid-cols-1 gap-1">
          <div className="flex justify-between text-xs">
            <span className="text-muted-foreground">Gasto + comprometido</span>
            <span className="font-medium tabular-nums">{percent}% do orçado</span>
          </div>
          <Progress
            value={percent}
            indicatorColor={BAR_COLOR[level]}
            aria-label={`Uso do orçamento: ${title}`}
          />
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">Sem orçamento definido.</p>
      )}
      <BudgetWarning
        realizedCents={line.realizedCents}
        committedCents={line.committedCents}
        budgetCents={line.budgetCents}
      />
    </div>
  );
}

/** Orçamento: orçado × realizado of the obra and of each stage, computed in SQL (project_budget). */
export function ProjectBudgetTab({
  projectId,
  projectName,
}: {
  projectId: string;
  projectName: string;
}) {
  const budget = useProjectBudget(projectId);
  const company = useCurrentCompany();

  if (budget.status !== 'success') {
    return (
      <QueryState
        query={budget}
        loading="Carregando orçamento..."
        loadingClassName="py-8"
        error={{ title: 'Erro', description: 'Não foi possível carregar o orçamento da obra.' }}
      />
    );
  }

  const { stages, noStage, total } = budget.data;
  const showNoStage = noStage.committedCents > 0 || noStage.realizedCents > 0;

  return (
    <div className="grid grid-cols-1 gap-3">
      <Card role="region" aria-label="Orçamento da obra">
        <CardHeader>
          <h2 className="font-semibold leading-none">Orçamento da obra</h2>
        </CardHeader>
        <CardContent>
          <BudgetFigures line={total} title="obra" />
          {total.awaitingCents > 0 ? (
            // Counted in neither realizado nor comprometido until approved: told apart.
            <p className="mt-3 text-sm font-medium">
              Aguardando aprovação: <Amount cents={total.awaitingCents} className="text-warning" />
            </p>
          ) : null}
          <p className="mt-3 text-xs text-muted-foreground">
            Realizado: pagamentos feitos (estornos descontados). Comprometido: o que falta pagar das
            contas pendentes. Saldo = orçado − realizado − comprometido.
          </p>
        </CardContent>
      </Card>

      <XlsxExportButton
        size="sm"
        className="self-start justify-self-start"
        makeSpec={() =>
          sheetExportSpec(
            budgetExportSheet(
              budget.data,
              `${company.name} · Orçado × realizado · ${projectName} · ${todayLocal().split('-').reverse().join('/')}`,
            ),
            `orcado-realizado-${todayLocal()}.xlsx`,
            'Orçado × realizado',
          )
        }
      />

      <h2 className="mt-2 text-sm font-semibold">Por etapa</h2>
      {stages.length === 0 && !showNoStage ? (
        <p className="text-sm text-muted-foreground">Nenhuma etapa cadastrada.</p>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Orçamento por etapa">
        {stages.map((line) => (
          <li key={line.stageId}>
            <Card role="group" aria-label={`Etapa ${line.name}`}>
              <CardContent className="grid grid-cols-1 gap-2 p-4">
                <h3 className="font-semibold">{line.name}</h3>
                <BudgetFigures line={line} title={line.name} />
              </CardContent>
            </Card>
          </li>
        ))}
        {showNoStage ? (
          <li>
            <Card role="group" aria-label="Sem etapa">
              <CardContent className="grid grid-cols-1 gap-2 p-4">
                <h3 className="font-semibold">Sem etapa</h3>
                <BudgetFigures line={noStage} title="sem etapa" />
              </CardContent>
            </Card>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
