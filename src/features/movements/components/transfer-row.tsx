import { ArrowLeftRight, Undo2 } from 'lucide-react';
import { prefetchReverseTransferDialog } from '@/components/lazy-reverse-transfer-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { transferRoute, type TransferMovement } from '@/features/movements/lib/movements-csv';

interface TransferRowProps {
  transfer: TransferMovement;
  /** Absent for a role that may not write: no Estornar. */
  onReverse?: (transfer: TransferMovement) => void;
}

/** A transfer between two accounts: neither income nor expense; can be reversed once. */
export function TransferRow({ transfer: t, onReverse }: TransferRowProps) {
  return (
    <li
      aria-label={`Transferência ${transferRoute(t)}`}
      className="flex min-h-touch items-start gap-3 rounded-lg border bg-card p-3 shadow-sm"
    >
      <ArrowLeftRight aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">{t.description}</p>
        <p className="break-words text-xs text-muted-foreground">{transferRoute(t)}</p>
        {t.reversed || !onReverse ? null : (
          <Button
            variant="link"
            size="sm"
            className="h-auto min-h-0 px-0 py-1 text-xs text-destructive"
            aria-label={`Estornar transferência ${transferRoute(t)} de ${formatCurrency(t.amountCents)}`}
            onPointerEnter={prefetchReverseTransferDialog}
            onFocus={prefetchReverseTransferDialog}
            onClick={() => onReverse(t)}
          >
            <Undo2 aria-hidden="true" />
            Estornar transferência
          </Button>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <span
          className={
            t.reversed
              ? 'text-sm font-bold tabular-nums text-muted-foreground line-through'
              : 'text-sm font-bold tabular-nums text-primary'
          }
        >
          {formatCurrency(t.amountCents)}
        </span>
        <span className="text-xs text-muted-foreground">{formatDate(t.movementDate)}</span>
        {t.reversed ? (
          <Badge variant="warning">Estornada em {formatDate(t.reversedOn)}</Badge>
        ) : (
          <Badge variant="secondary">Transferência</Badge>
        )}
      </div>
    </li>
  );
}
