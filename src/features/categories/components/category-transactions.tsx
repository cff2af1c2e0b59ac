import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { CategoryTransaction } from '@/features/categories/api/get-category-stats';

export function CategoryTransactions({ rows }: { rows: CategoryTransaction[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        Nenhuma transação ainda. As contas pagas ou recebidas com esta categoria aparecem aqui.
      </p>
    );
  }
  return (
    <ul className="divide-y" aria-label="Transações recentes">
      {rows.map((row) => {
        const incoming = row.direction === 'in';
        const Icon = incoming ? ArrowDownLeft : ArrowUpRight;
        return (
          <li key={row.id} className="flex items-center gap-3 py-3">
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full',
                incoming ? 'bg-income/15 text-income' : 'bg-expense/15 text-expense',
              )}
              aria-hidden="true"
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 break-words font-medium">{row.description}</p>
              <p className="truncate text-xs text-muted-foreground">
                {[
                  formatDate(row.transaction_date),
                  row.bank_account_name,
                  row.project_name ?? 'Geral',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <span
              className={cn(
                'shrink-0 font-semibold tabular-nums',
                incoming ? 'text-income' : 'text-expense',
              )}
            >
              {incoming ? '+' : '−'}
              {formatCurrency(row.amount)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
