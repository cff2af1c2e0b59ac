import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import type { TopReceipt } from '@/features/reports/api/get-report-summary';

/** The 5 largest receipts of the period, largest first. */
export function TopReceipts({ receipts }: { receipts: TopReceipt[] }) {
  return (
    <ol aria-label="Maiores recebimentos" className="flex flex-col divide-y">
      {receipts.map((r, i) => (
        <li key={r.id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-income/15 text-xs font-bold text-income">
            {i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{r.description}</p>
            <p className="truncate text-xs text-muted-foreground">
              {[r.clientName, r.projectName ?? 'Geral', formatDate(r.receivedDate)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <span className="shrink-0 text-sm font-bold tabular-nums text-income">
            {formatCurrency(r.cents)}
          </span>
        </li>
      ))}
    </ol>
  );
}
