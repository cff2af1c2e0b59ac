import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { ProjectDetail } from '@/features/projects/api/get-project';
import { priorityLabel } from '@/features/projects/lib/project-view';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

/** Resumo: client, description, dates and the obra's paid revenues, expenses and balance. */
export function ProjectSummaryTab({ detail }: { detail: ProjectDetail }) {
  const { project, revenuesCents, expensesCents } = detail;
  const balance = revenuesCents - expensesCents;

  return (
    <div className="grid grid-cols-1 gap-3">
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Informações</h2>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Row label="Cliente">{project.client_name ?? 'Não informado'}</Row>
            <Row label="Início">{formatDate(project.start_date) || 'Não definido'}</Row>
            <Row label="Previsão de término">{formatDate(project.end_date) || 'Não definida'}</Row>
            <Row label="Prioridade">{priorityLabel(project.priority)}</Row>
          </dl>
          <div className="mt-2 border-t pt-3">
            <p className="text-sm text-muted-foreground">Descrição</p>
            <p className="mt-1 whitespace-pre-line text-sm">
              {project.description ?? 'Sem descrição.'}
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Resumo financeiro</h2>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Row label="Receitas">
              <span className="text-income">{formatCurrency(revenuesCents)}</span>
            </Row>
            <Row label="Despesas">
              <span className="text-expense">{formatCurrency(expensesCents)}</span>
            </Row>
            <Row label="Saldo">
              <span className={cn('text-base', balance < 0 ? 'text-expense' : 'text-income')}>
                {formatCurrency(balance)}
              </span>
            </Row>
          </dl>
          <p className="mt-2 text-xs text-muted-foreground">
            Contas recebidas e pagas vinculadas a esta obra.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
