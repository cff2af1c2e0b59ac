import { CheckCircle2 } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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
        {balance.status !== 'success' ? (
          <QueryState
            query={balance}
            loading="Carregando saldos..."
            loadingClassName="py-4"
            error="Erro ao carregar os saldos"
            compactError
          />
        ) : balance.data.endDate === null ? (
          <p className="text-sm text-muted-foreground">
            Importe um extrato OFX (com saldo final) para comparar com o saldo do sistema.
          </p>
        ) : (
          <dl
            className="grid grid-cols-[minmax(0,1fr)_auto] gap-y-2"
            aria-label="Comparação de saldos"
          >
            <dt className="text-sm text-muted-foreground">
              Saldo do extrato{' '}
              <span className="whitespace-nowrap">em {formatDate(balance.data.endDate)}</span>
            </dt>
            <dd className="whitespace-nowrap pl-4 text-right font-semibold tabular-nums">
              {formatCurrency(balance.data.statementCents ?? 0)}
            </dd>
            <dt className="text-sm text-muted-foreground">
              Saldo no sistema{' '}
              <span className="whitespace-nowrap">em {formatDate(balance.data.endDate)}</span>
            </dt>
            <dd className="whitespace-nowrap pl-4 text-right font-semibold tabular-nums">
              {formatCurrency(balance.data.systemCents ?? 0)}
            </dd>
            <dt className="flex items-center border-t pt-2 text-sm font-medium">Diferença</dt>
            <dd
              className={cn(
                'flex items-center justify-end gap-1.5 whitespace-nowrap border-t pl-4 pt-2 text-right text-lg font-bold tabular-nums',
                balance.data.differenceCents === 0 ? 'text-income' : 'text-expense',
              )}
            >
              {balance.data.differenceCents === 0 ? (
                <>
                  <CheckCircle2 className="size-5" aria-hidden="true" />
                  Saldos conferem
                </>
              ) : (
                formatCurrency(balance.data.differenceCents ?? 0)
              )}
            </dd>
          </dl>
        )}
        {balance.data && balance.data.pendingCount > 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {balance.data.pendingCount === 1
              ? '1 lançamento do extrato a conciliar'
              : `${balance.data.pendingCount} lançamentos do extrato a conciliar`}{' '}
            (soma {formatCurrency(balance.data.pendingTotalCents)}).
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
