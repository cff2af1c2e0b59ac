import { Undo2 } from 'lucide-react';
import { Amount, SignedAmount } from '@/components/amount';
import {
  cellText,
  DataTable,
  RowLink,
  rowActionClassName,
  type DataTableColumn,
  type DataTableSort,
} from '@/components/data-table';
import { prefetchReverseTransferDialog } from '@/components/lazy-reverse-transfer-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CategoryLabel } from '@/components/category-label';
import { entryDetailPath } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { useIsWideDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { MOVEMENT_STATUS_LABELS } from '@/features/movements/lib/movement-filters';
import { DocumentsMark } from '@/components/documents/documents-mark';
import {
  transferRoute,
  type Movement,
  type MovementItem,
  type TransferMovement,
} from '@/features/movements/lib/movements-csv';

const statusVariant = { open: 'secondary', paid: 'success', overdue: 'destructive' } as const;

/** A partial payment, or a payment with juros/multa/desconto: what the entry itself is worth. */
function PaymentNote({ m }: { m: Movement }) {
  if (m.status === 'pending' && m.paidTotalCents > 0) {
    return (
      <span className="block text-xs font-normal text-muted-foreground">
        falta <Amount cents={m.openCents} />
      </span>
    );
  }
  if (m.displayCents !== m.amountCents) {
    return (
      <span className="block text-xs font-normal text-muted-foreground">
        Valor <Amount cents={m.amountCents} />
      </span>
    );
  }
  return null;
}

/** "Fornecedor · Obra · Categoria" under the description, where those columns do not fit. */
function folded(m: Movement): string {
  return [m.counterpartyName, m.projectName ?? 'Geral', m.categoryName ?? 'Sem categoria']
    .filter(Boolean)
    .join(' · ');
}

function columns(
  onReverse: ((t: TransferMovement) => void) | undefined,
  wide: boolean,
): DataTableColumn<MovementItem>[] {
  const all: (DataTableColumn<MovementItem> & { wideOnly?: boolean })[] = [
    {
      id: 'date',
      header: 'Data',
      serverSort: true,
      cell: (m) => <span className="whitespace-nowrap">{formatDate(m.movementDate)}</span>,
    },
    {
      id: 'description',
      header: 'Descrição',
      className: 'min-w-40',
      cell: (m) =>
        m.rowType === 'transfer' ? (
          <div className="grid justify-items-start">
            <span className="break-words font-medium">{m.description}</span>
            {m.reversed || !onReverse ? null : (
              <Button
                variant="link"
                size="sm"
                className={cn(
                  'h-auto min-h-0 px-0 py-0.5 text-xs text-destructive',
                  rowActionClassName,
                )}
                aria-label={`Estornar transferência ${transferRoute(m)} de ${formatCurrency(m.amountCents)}`}
                onPointerEnter={prefetchReverseTransferDialog}
                onFocus={prefetchReverseTransferDialog}
                onClick={() => onReverse(m)}
              >
                <Undo2 aria-hidden="true" />
                Estornar transferência
              </Button>
            )}
          </div>
        ) : (
          <>
            <RowLink to={entryDetailPath(m.kind, m.id)} className="break-words">
              {m.description}
            </RowLink>
            <DocumentsMark count={m.documentCount} />
            {wide ? null : <span className="block text-xs text-muted-foreground">{folded(m)}</span>}
          </>
        ),
    },
    {
      id: 'party',
      wideOnly: true,
      header: 'Fornecedor/Cliente',
      cell: (m) => (m.rowType === 'transfer' ? cellText(null) : cellText(m.counterpartyName)),
    },
    {
      id: 'project',
      wideOnly: true,
      header: 'Obra',
      cell: (m) => (m.rowType === 'transfer' ? cellText(null) : (m.projectName ?? 'Geral')),
    },
    {
      id: 'category',
      wideOnly: true,
      header: 'Categoria',
      cell: (m) =>
        m.rowType === 'transfer' ? (
          cellText(null)
        ) : (
          <CategoryLabel name={m.categoryName} color={m.categoryColor} />
        ),
    },
    {
      id: 'account',
      header: 'Conta',
      cell: (m) => (m.rowType === 'transfer' ? transferRoute(m) : cellText(m.bankAccountName)),
    },
    {
      id: 'value',
      header: 'Valor',
      numeric: true,
      serverSort: true,
      cell: (m) =>
        m.rowType === 'transfer' ? (
          <Amount
            cents={m.amountCents}
            className={cn(
              'font-semibold',
              m.reversed ? 'text-muted-foreground line-through' : 'text-primary',
            )}
          />
        ) : (
          <>
            <SignedAmount cents={m.displayCents} direction={m.kind === 'income' ? 'in' : 'out'} />
            <PaymentNote m={m} />
          </>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (m) =>
        m.rowType === 'transfer' ? (
          m.reversed ? (
            <Badge variant="warning" className="whitespace-nowrap">
              Estornada em {formatDate(m.reversedOn)}
            </Badge>
          ) : (
            <Badge variant="secondary">Transferência</Badge>
          )
        ) : (
          <Badge variant={statusVariant[m.displayStatus]}>
            {MOVEMENT_STATUS_LABELS[m.displayStatus]}
          </Badge>
        ),
    },
  ];
  return all.filter((c) => wide || !c.wideOnly);
}

interface MovementsTableProps {
  movements: MovementItem[];
  sort: DataTableSort | undefined;
  onSortChange: (sort: DataTableSort) => void;
  busy: boolean;
  /** Absent for a role that may not write: no Estornar. */
  onReverse?: (transfer: TransferMovement) => void;
}

/** Movimentações on the office desktop: one row per entry or transfer, sorted by the server. */
export function MovementsTable({
  movements,
  sort,
  onSortChange,
  busy,
  onReverse,
}: MovementsTableProps) {
  const wide = useIsWideDesktop();
  return (
    <DataTable
      label="Movimentações"
      columns={columns(onReverse, wide)}
      rows={movements}
      rowKey={(m) => (m.rowType === 'transfer' ? `transfer-${m.id}` : `${m.kind}-${m.id}`)}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
    />
  );
}
