import { Card, CardContent } from '@/components/ui/card';
import type { BankAccount } from '@/lib/api/lookups';
import { formatCurrency, toCents } from '@/lib/money';
import { cn } from '@/lib/utils';

/** SPEC §4: inactive accounts are out of the total balance and the active count. */
export function AccountsSummary({ accounts }: { accounts: readonly BankAccount[] }) {
  const active = accounts.filter((a) => a.is_active);
  const totalCents = active.reduce((sum, a) => sum + toCents(a.current_balance), 0);
  return (
    <section aria-label="Resumo das contas" className="grid grid-cols-2 gap-3">
      <Card className="col-span-2">
        <CardContent className="pt-4">
          <p className="text-sm text-muted-foreground">Saldo Total</p>
          <p
            className={cn(
              'text-2xl font-bold tabular-nums',
              totalCents < 0 ? 'text-expense' : 'text-income',
            )}
          >
            {formatCurrency(totalCents)}
          </p>
          <p className="text-xs text-muted-foreground">Soma das contas ativas</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-4">
          <p className="text-sm text-muted-foreground">Contas Ativas</p>
          <p className="text-2xl font-bold tabular-nums">{active.length}</p>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-4">
          <p className="text-sm text-muted-foreground">Contas Inativas</p>
          <p className="text-2xl font-bold tabular-nums">{accounts.length - active.length}</p>
        </CardContent>
      </Card>
    </section>
  );
}
