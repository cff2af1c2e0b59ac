import { ClipboardList } from 'lucide-react';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { EmptyState } from '@/components/ui/empty-state';
import { FixedSelect } from '@/components/pickers/option-select';
import { formatDate } from '@/lib/dates';
import { supplierOrderStatusLabels } from '@/lib/labels';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import {
  useSupplierOrders,
  type SupplierOrder,
  type SupplierOrderStatus,
} from '@/features/suppliers/api/get-supplier-orders';
import { SupplierTabList } from '@/features/suppliers/components/supplier-tab-list';
import { useUpdateSupplierOrderStatus } from '@/features/suppliers/api/update-supplier-order-status';

// The status select doubles as the status badge: tinted like one.
const statusTone: Record<SupplierOrderStatus, string> = {
  pending: 'border-warning/60 bg-warning/10',
  delivered: 'border-success/60 bg-success/10',
  cancelled: 'bg-muted text-muted-foreground',
};

interface SupplierOrdersTabProps {
  supplierId: string;
  /** Absent for a role that may not write: no Novo Pedido, the status is shown, not a choice. */
  onNewOrder?: () => void;
}

/** Pedidos: the real order history, newest first, with a status each can change. */
export function SupplierOrdersTab({ supplierId, onNewOrder }: SupplierOrdersTabProps) {
  const orders = useSupplierOrders(supplierId);

  return (
    <SupplierTabList
      title="Histórico de Pedidos"
      actionLabel="Novo Pedido"
      onAction={onNewOrder}
      query={orders}
      loadingLabel="Carregando pedidos..."
      errorTitle="Erro ao carregar pedidos"
      empty={
        <EmptyState
          icon={<ClipboardList />}
          title="Nenhum pedido registrado"
          description="Os pedidos feitos a este fornecedor aparecem aqui."
        />
      }
      listLabel="Pedidos"
      renderItem={(order) => (
        <OrderRow
          key={order.id}
          supplierId={supplierId}
          order={order}
          canChange={onNewOrder !== undefined}
        />
      )}
    />
  );
}

function OrderRow({
  supplierId,
  order,
  canChange,
}: {
  supplierId: string;
  order: SupplierOrder;
  canChange: boolean;
}) {
  const updateStatus = useUpdateSupplierOrderStatus(supplierId);

  async function changeStatus(value: string) {
    const status = value as SupplierOrderStatus;
    if (status === order.status) return;
    // Awaited: the toast must not depend on this row still being mounted.
    try {
      await updateStatus.mutateAsync({ orderId: order.id, status });
    } catch (error) {
      toastError('Erro ao atualizar pedido', error);
      return;
    }
    toast.success('Pedido atualizado', {
      description: `${order.description}: ${supplierOrderStatusLabels[status]}.`,
    });
  }

  return (
    <li className="rounded-lg border bg-card p-3 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p
            className={
              order.status === 'cancelled' ? 'font-medium line-through opacity-70' : 'font-medium'
            }
          >
            {order.description}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatDate(order.orderDate)} · {order.projectName ?? 'Geral'}
          </p>
          {order.deliveryDate ? (
            <p className="text-xs text-muted-foreground">
              Entrega prevista: {formatDate(order.deliveryDate)}
            </p>
          ) : null}
          {order.notes ? <p className="mt-1 text-xs text-muted-foreground">{order.notes}</p> : null}
        </div>
        <span className="shrink-0 font-semibold">{formatCurrency(order.amount)}</span>
      </div>
      <div className="mt-2 flex items-center justify-end">
        {!canChange ? (
          <span className={cn('text-sm font-medium', statusTone[order.status])}>
            {supplierOrderStatusLabels[order.status]}
          </span>
        ) : (
          <FixedSelect
            value={order.status}
            onChange={(value) => void changeStatus(value)}
            options={Object.entries(supplierOrderStatusLabels).map(([value, label]) => ({
              value,
              label,
            }))}
            disabled={updateStatus.isPending}
            className={cn('w-40 font-medium', statusTone[order.status])}
            aria-label={`Status do pedido ${order.description}`}
          />
        )}
      </div>
    </li>
  );
}
