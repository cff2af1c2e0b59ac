import { Power } from 'lucide-react';
import {
  DataTable,
  RowButton,
  rowActionClassName,
  type DataTableColumn,
} from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Client } from '@/lib/api/lookups';
import { formatDocument } from '@/lib/br-documents';
import { formatDate, toIsoDate } from '@/lib/dates';

const createdOn = (client: Client) => toIsoDate(new Date(client.created_at));

interface ClientsTableProps {
  clients: Client[];
  onEdit: (client: Client) => void;
  onToggleActive: (client: Client) => void;
  /** The client whose activation is being saved. */
  pendingId: string | null;
  /** False for a role that may not write: the name opens nothing, no Ações column. */
  canWrite: boolean;
}

/** The clients as a sortable table, for the office desktop; a row opens the edit dialog. */
export function ClientsTable({
  clients,
  onEdit,
  onToggleActive,
  pendingId,
  canWrite,
}: ClientsTableProps) {
  const columns: DataTableColumn<Client>[] = [
    {
      id: 'name',
      header: 'Nome',
      cell: (c) =>
        canWrite ? (
          <RowButton aria-label={`Editar ${c.name}`} onClick={() => onEdit(c)}>
            {c.name}
          </RowButton>
        ) : (
          <span className="font-medium">{c.name}</span>
        ),
      sortValue: (c) => c.name,
      className: 'min-w-48',
    },
    {
      id: 'document',
      header: 'CPF/CNPJ',
      cell: (c) => (c.document ? formatDocument(c.document) : '—'),
    },
    {
      id: 'phone',
      header: 'Telefone',
      cell: (c) => <span className="whitespace-nowrap">{c.phone ?? '—'}</span>,
    },
    {
      id: 'email',
      header: 'Email',
      cell: (c) => <span className="break-all">{c.email ?? '—'}</span>,
    },
    { id: 'address', header: 'Endereço', cell: (c) => c.address ?? '—' },
    {
      id: 'created',
      header: 'Cadastrado em',
      numeric: true,
      cell: (c) => formatDate(createdOn(c)),
      sortValue: createdOn,
    },
    {
      id: 'status',
      header: 'Situação',
      cell: (c) => (
        <Badge variant={c.is_active ? 'success' : 'secondary'}>
          {c.is_active ? 'Ativo' : 'Inativo'}
        </Badge>
      ),
      sortValue: (c) => (c.is_active ? 0 : 1),
    },
    {
      id: 'actions',
      header: 'Ações',
      cell: (c) => (
        <Button
          variant="outline"
          size="sm"
          className={rowActionClassName}
          onClick={() => onToggleActive(c)}
          disabled={pendingId === c.id}
          aria-label={`${c.is_active ? 'Desativar' : 'Ativar'} ${c.name}`}
        >
          <Power aria-hidden="true" />
          {c.is_active ? 'Desativar' : 'Ativar'}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      label="Lista de clientes"
      columns={canWrite ? columns : columns.filter((column) => column.id !== 'actions')}
      rows={clients}
      rowKey={(c) => c.id}
      rowClassName={(c) => (c.is_active ? undefined : 'text-muted-foreground')}
    />
  );
}
