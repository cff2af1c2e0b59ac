import { CalendarDays, Package, Receipt, Wallet } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { formatCurrency } from '@/lib/money';
import { useSupplierStats } from '@/features/suppliers/api/get-supplier-stats';

function StatCard({
  label,
  icon,
  value,
  hint,
}: {
  label: string;
  icon: ReactNode;
  value: ReactNode;
  hint: string;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId}>
      <CardContent className="p-4">
        <div className="flex items-center gap-2 text-sm text-muted-foreground [&_svg]:size-4">
          {icon}
          <span id={labelId}>{label}</span>
        </div>
        <p className="mt-1 text-lg font-bold">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** The four cards of the detail screen, from supplier_stats (definitions in its SQL comment). */
export function SupplierStatsCards({ supplierId }: { supplierId: string }) {
  const stats = useSupplierStats(supplierId);
  const data = stats.data;
  const placeholder = stats.isPending ? '…' : '—';

  return (
    <section aria-label="Resumo do fornecedor" className="grid gap-2">
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Erro ao carregar estatísticas: {getErrorMessage(stats.error)}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <StatCard
          label="Total de Pedidos"
          icon={<Package aria-hidden="true" />}
          value={data ? data.orderCount : placeholder}
          hint="Pedidos não cancelados"
        />
        <StatCard
          label="Total Gasto"
          icon={<Wallet aria-hidden="true" />}
          value={data ? formatCurrency(data.totalSpent) : placeholder}
          hint="Contas pagas"
        />
        <StatCard
          label="Ticket Médio"
          icon={<Receipt aria-hidden="true" />}
          value={data ? formatCurrency(data.averageTicket) : placeholder}
          hint="Valor médio por pedido"
        />
        <StatCard
          label="Último Pedido"
          icon={<CalendarDays aria-hidden="true" />}
          value={data ? (data.lastOrderOn ? formatDate(data.lastOrderOn) : 'Nenhum') : placeholder}
          hint="Data do pedido"
        />
      </div>
    </section>
  );
}
