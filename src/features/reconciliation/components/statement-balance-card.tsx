import { CheckCircle2 } from 'lucide-react';
import { QueryError } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useStatementBalance } from '@/features/reconciliation/api/get-reconciliation';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';

/** "Saldo do extrato" vs "Saldo no sistema" at the statement's end date, and the difference. */
export function StatementBalanceCard({ accountId }: { accountId: string }) {
  const balance = useStatementBalance(accountId);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Saldo do extrato x sistema</CardTitle>
      </CardHeader>
      <CardContent>
        {balance.isPending ? (
          <Spinner label="Carregando saldos..." className="py-4" />
        ) : balance.isError ? (
          <QueryError
            compact
            title="Erro ao carregar os saldos"
            onRetry={() => void balance.refetch()}
            retrying={balance.isRefetching}
          />
        ) : balance.data.endDate === null ? (
          <p className="text-sm text-muted-foreground">
            Importe um extrato OFX (com saldo final) para comparar com o saldo do sistema.
          </p>
        ) : (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Comparação de saldos">
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">
                Saldo do extrato em {formatDate(balance.data.endDate)}
              </dt>
              <dd className="text-lg font-bold tabular-nums">
                {formatCurrency(balance.data.statementCents ?? 0)}
              </dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">
                Saldo no sistema em {formatDate(balance.data.endDate)}
              </dt>
              <dd className="text-lg font-bold tabular-nums">
                {formatCurrency(balance.data.systemCents ?? 0)}
              </dd>
            </div>
            <div
              className={cn(
                'rounded-lg border p-3',
                balance.data.differenceCents === 0
                  ? 'border-income/40 bg-income/10'
                  : 'border-warning/60 bg-warning/10',
              )}
            >
              <dt className="text-xs text-muted-foreground">Diferença</dt>
              <dd className="flex items-center gap-1.5 text-lg font-bold tabular-nums">
                {balance.data.differenceCents === 0 ? (
                  <>
                    <CheckCircle2 className="size-5 text-income" aria-hidden="true" />
                    Saldos conferem
                  </>
                ) : (
                  formatCurrency(balance.data.differenceCents ?? 0)
                )}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
