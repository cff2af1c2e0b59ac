import { Landmark } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Amount } from '@/components/amount';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useBankAccounts } from '@/lib/api/lookups';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { bankAccountTypeLabels } from '@/lib/labels';
import { toCents } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';

function typeLabel(type: string): string {
  return type in bankAccountTypeLabels
    ? bankAccountTypeLabels[type as keyof typeof bankAccountTypeLabels]
    : type;
}

/** The horizontal strip of active bank accounts and their balances; the first is highlighted. */
export function BalanceCards() {
  const accounts = useBankAccounts();
  const canWrite = useCan()('write');

  if (accounts.status !== 'success') {
    // As tall as the strip (its cards' h-28 and the pb-2 under them): nothing below moves when the
    // cards land (tests/e2e/home-no-shift.spec.ts).
    return (
      <QueryState
        query={accounts}
        loading="Carregando contas..."
        loadingClassName="mb-2 h-28"
        error="Erro ao carregar contas bancárias"
        errorClassName="mb-2 min-h-28"
        compactError
      />
    );
  }
  if (accounts.data.length === 0) {
    return (
      <div className="mb-2 flex h-28 flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-sm text-muted-foreground">
        <p>Nenhuma conta bancária cadastrada</p>
        {canWrite ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/contas-bancarias/nova">Cadastrar primeira conta</Link>
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <ul
      aria-label="Saldos das contas bancárias"
      className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-wrap lg:overflow-visible lg:px-0"
    >
      {accounts.data.map((account, index) => {
        const cents = toCents(account.current_balance);
        const highlighted = index === 0;
        return (
          <li key={account.id} className="shrink-0 snap-start">
            <Link
              to={`/contas-bancarias/${account.id}`}
              className={cn(
                'flex h-28 w-44 flex-col justify-between overflow-hidden rounded-lg border p-3 shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:w-56',
                highlighted
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'bg-card text-card-foreground hover:bg-accent',
              )}
            >
              <span className="flex items-center gap-2">
                <span
                  className={cn(
                    'size-2.5 shrink-0 rounded-full',
                    COLOR_BG_CLASS[toColorToken(account.color)],
                    highlighted && 'ring-2 ring-primary-foreground/70',
                  )}
                  aria-hidden="true"
                />
                <span className="truncate text-sm font-medium">{account.name}</span>
              </span>
              <span
                className={cn(
                  'text-xs',
                  highlighted ? 'text-primary-foreground/80' : 'text-muted-foreground',
                )}
              >
                {typeLabel(account.type)}
              </span>
              <span
                className={cn('text-lg font-bold', !highlighted && cents < 0 && 'text-expense')}
              >
                {/* The account's page, one tap away, shows the full balance of a compacted one. */}
                <Amount cents={cents} compactAbove={13} />
              </span>
            </Link>
          </li>
        );
      })}
      <li className="shrink-0 snap-start">
        <Link
          to="/contas-bancarias"
          className="flex h-28 w-28 flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-center text-sm text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Landmark className="size-5" aria-hidden="true" />
          Ver contas
        </Link>
      </li>
    </ul>
  );
}
