import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { BankAccount } from '@/lib/api/lookups';
import { COLOR_BG_CLASS, toColorToken } from '@/lib/colors';
import { bankAccountTypeLabels, type BankAccountType } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';
import { cn } from '@/lib/utils';

export function accountTypeLabel(type: string): string {
  return type in bankAccountTypeLabels ? bankAccountTypeLabels[type as BankAccountType] : type;
}

/** "Conta Corrente • Conta principal" */
export function accountSubtitle(account: Pick<BankAccount, 'type' | 'alias'>): string {
  return [accountTypeLabel(account.type), account.alias].filter(Boolean).join(' • ');
}

/** "Ag: 1234 • Conta: 5678-9", or "N/A" when neither is known. */
export function accountNumbers(account: Pick<BankAccount, 'agency' | 'account_number'>): string {
  if (!account.agency && !account.account_number) return 'N/A';
  return `Ag: ${account.agency ?? 'N/A'} • Conta: ${account.account_number ?? 'N/A'}`;
}

/** SPEC §2: the absolute value, green when ≥ 0 and red when negative. */
export function BalanceAmount({ cents, className }: { cents: number; className?: string }) {
  const negative = cents < 0;
  return (
    <span
      className={cn(
        'font-semibold tabular-nums',
        negative ? 'text-expense' : 'text-income',
        className,
      )}
    >
      {formatCurrency(Math.abs(cents))}
      {negative ? <span className="sr-only"> (negativo)</span> : null}
    </span>
  );
}

interface BankAccountCardProps {
  account: BankAccount;
  /** Absent for a role that may not write: no Editar / Remover. */
  onEdit?: () => void;
  onRemove?: () => void;
}

export function BankAccountCard({ account, onEdit, onRemove }: BankAccountCardProps) {
  const color = toColorToken(account.color);
  return (
    <Card className={cn('overflow-hidden', !account.is_active && 'opacity-60')}>
      <article aria-label={account.name} className="flex">
        <div className={cn('w-1.5 shrink-0', COLOR_BG_CLASS[color])} aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-2 p-4">
          <div className="flex items-start gap-3">
            <span
              className={cn('mt-1 size-3 shrink-0 rounded-full', COLOR_BG_CLASS[color])}
              aria-hidden="true"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 break-words font-semibold">{account.name}</h2>
                {!account.is_active ? <Badge variant="secondary">Inativa</Badge> : null}
              </div>
              <p className="truncate text-sm text-muted-foreground">{accountSubtitle(account)}</p>
              <p className="text-xs text-muted-foreground">{accountNumbers(account)}</p>
            </div>
            <BalanceAmount
              cents={toCents(account.current_balance)}
              className="shrink-0 text-base"
            />
          </div>
          <div className="-mb-2 -mr-2 flex justify-end gap-1">
            <Link
              to={`/contas-bancarias/${account.id}`}
              aria-label={`Ver detalhes de ${account.name}`}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            >
              <Eye aria-hidden="true" />
            </Link>
            {onEdit ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Editar ${account.name}`}
                onClick={onEdit}
              >
                <Pencil aria-hidden="true" />
              </Button>
            ) : null}
            {onRemove ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remover ${account.name}`}
                className="text-destructive hover:text-destructive"
                onClick={onRemove}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </div>
      </article>
    </Card>
  );
}
