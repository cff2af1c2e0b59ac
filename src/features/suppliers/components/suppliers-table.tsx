import { DataTable, RowLink, type DataTableColumn } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import type { Supplier } from '@/lib/api/lookups';
import { formatDate, toIsoDate } from '@/lib/dates';
import { supplierTypeLabel } from '@/features/suppliers/lib/supplier-form';

const ratingFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

const createdOn = (supplier: Supplier) => toIsoDate(new Date(supplier.created_at));

const columns: DataTableColumn<Supplier>[] = [
  {
    id: 'name',
    header: 'Nome',
    cell: (s) => <RowLink to={`/fornecedores/${s.id}`}>{s.name}</RowLink>,
    sortValue: (s) => s.name,
    className: 'min-w-48',
  },
  { id: 'type', header: 'Tipo', cell: (s) => supplierTypeLabel(s.type) },
  { id: 'category', header: 'Categoria', cell: (s) => s.category ?? '—' },
  {
    id: 'contact',
    header: 'Contato',
    cell: (s) => (
      <div className="grid text-muted-foreground">
        {s.phone ? <span className="whitespace-nowrap">{s.phone}</span> : null}
        {s.email ? <span className="break-all">{s.email}</span> : null}
        {!s.phone && !s.email ? '—' : null}
      </div>
    ),
  },
  {
    id: 'rating',
    header: 'Avaliação',
    numeric: true,
    cell: (s) => (s.rating === null ? '—' : `${ratingFormat.format(s.rating)} / 5`),
    sortValue: (s) => s.rating,
  },
  {
    id: 'created',
    header: 'Cadastrado em',
    numeric: true,
    cell: (s) => formatDate(createdOn(s)),
    sortValue: createdOn,
  },
  {
    id: 'status',
    header: 'Situação',
    cell: (s) => (
      <Badge variant={s.is_active ? 'success' : 'secondary'}>
        {s.is_active ? 'Ativo' : 'Inativo'}
      </Badge>
    ),
    sortValue: (s) => (s.is_active ? 0 : 1),
  },
];

/** The suppliers as a sortable table, for the office desktop; the phone keeps SupplierCard. */
export function SuppliersTable({ suppliers }: { suppliers: Supplier[] }) {
  return (
    <DataTable
      label="Lista de fornecedores"
      columns={columns}
      rows={suppliers}
      rowKey={(s) => s.id}
      rowClassName={(s) => (s.is_active ? undefined : 'text-muted-foreground')}
    />
  );
}
