import { Mail, MapPin, Pencil, Phone, Plus, Power, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ImportSheetLink, SearchField } from '@/components/list-page-controls';
import { PageHeader } from '@/components/ui/page-header';
import { useClients, type Client } from '@/lib/api/lookups';
import { formatDocument } from '@/lib/br-documents';
import { getErrorMessage } from '@/lib/errors';
import { useIsDesktop } from '@/lib/use-media-query';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { useUpdateClient } from '@/features/clients/api/update-client';
import { ClientsTable } from '@/features/clients/components/clients-table';
import { matchesClientSearch } from '@/features/clients/lib/client-form';
import { lazyDialog } from '@/components/lazy-dialog';

// Loaded on the first tap (or on intent, with .preload), not with this screen's chunk.
const ClientDialog = lazyDialog(
  async () => (await import('@/features/clients/components/client-dialog')).ClientDialog,
  (props) => props.open,
);

/** Clientes (beyond the spec, reached from Mais): list, search, create, edit, (de)activate. */
export function ClientsPage() {
  const clients = useClients({ activeOnly: false });
  const [search, setSearch] = useState('');
  const desktop = useIsDesktop();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Client | null>(null);
  const canWrite = useCan()('write');

  const all = clients.data ?? [];
  const visible = all.filter((client) => matchesClientSearch(client, search));
  const activeCount = all.filter((client) => client.is_active).length;

  const updateClient = useUpdateClient();
  const pendingId = updateClient.isPending ? updateClient.variables.id : null;

  function toggleActive(client: Client) {
    const isActive = !client.is_active;
    updateClient.mutate(
      { id: client.id, changes: { is_active: isActive } },
      {
        onSuccess: () =>
          toast.success(isActive ? 'Cliente ativado' : 'Cliente desativado', {
            description: isActive
              ? `${client.name} voltou a aparecer nas contas a receber.`
              : `${client.name} não aparece mais nas contas a receber; o histórico foi mantido.`,
          }),
        onError: (error) => toastError('Erro ao atualizar cliente', error),
      },
    );
  }

  function openNew() {
    setEditing(null);
    setDialogOpen(true);
  }

  function openEdit(client: Client) {
    setEditing(client);
    setDialogOpen(true);
  }

  return (
    <>
      <PageHeader
        title="Clientes"
        description={
          clients.data
            ? `${activeCount} ${activeCount === 1 ? 'cliente ativo' : 'clientes ativos'}`
            : 'Gerencie seus clientes'
        }
        backTo="/mais"
        actions={
          canWrite ? (
            <Button size="sm" onClick={openNew}>
              <Plus aria-hidden="true" />
              Novo Cliente
            </Button>
          ) : null
        }
      />

      <SearchField
        wrapperClassName="mb-4 lg:max-w-md"
        aria-label="Buscar clientes"
        placeholder="Buscar clientes..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />

      {clients.status !== 'success' ? (
        <QueryState
          query={clients}
          loading="Carregando clientes..."
          error={{ title: 'Erro ao carregar clientes', description: getErrorMessage }}
        />
      ) : all.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title="Nenhum cliente cadastrado"
          description="Cadastre seus clientes para usá-los nas contas a receber."
          action={
            canWrite ? (
              <div className="grid gap-2 sm:flex">
                <Button onClick={openNew}>Cadastrar Cliente</Button>
                <ImportSheetLink tipo="clientes" />
              </div>
            ) : undefined
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<Search />}
          title="Nenhum cliente encontrado"
          description="Tente buscar por outro nome, documento, email ou telefone."
        />
      ) : desktop ? (
        <ClientsTable
          clients={visible}
          onEdit={openEdit}
          onToggleActive={toggleActive}
          pendingId={pendingId}
          canWrite={canWrite}
        />
      ) : (
        <ul className="grid gap-3" aria-label="Lista de clientes">
          {visible.map((client) => (
            <ClientItem
              key={client.id}
              client={client}
              onEdit={() => openEdit(client)}
              onToggleActive={() => toggleActive(client)}
              pending={pendingId === client.id}
              canWrite={canWrite}
            />
          ))}
        </ul>
      )}

      <ClientDialog client={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
    </>
  );
}

function ClientItem({
  client,
  onEdit,
  onToggleActive,
  pending,
  canWrite,
}: {
  client: Client;
  onEdit: () => void;
  onToggleActive: () => void;
  pending: boolean;
  /** False for a role that may not write: no Editar / Desativar. */
  canWrite: boolean;
}) {
  return (
    <li
      className={cn(
        'rounded-lg border bg-card p-4 text-card-foreground shadow-sm',
        !client.is_active && 'opacity-70',
      )}
      aria-label={client.name}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{client.name}</h2>
          {client.document ? (
            <p className="text-sm text-muted-foreground">{formatDocument(client.document)}</p>
          ) : null}
        </div>
        <Badge variant={client.is_active ? 'success' : 'secondary'}>
          {client.is_active ? 'Ativo' : 'Inativo'}
        </Badge>
      </div>
      <div className="mt-2 grid gap-1 text-sm text-muted-foreground">
        {client.phone ? (
          <p className="flex items-center gap-2">
            <Phone className="size-4" aria-hidden="true" />
            <span className="sr-only">Telefone:</span>
            {client.phone}
          </p>
        ) : null}
        {client.email ? (
          <p className="flex min-w-0 items-center gap-2">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Email:</span>
            <span className="truncate">{client.email}</span>
          </p>
        ) : null}
        {client.address ? (
          <p className="flex min-w-0 items-center gap-2">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Endereço:</span>
            <span className="truncate">{client.address}</span>
          </p>
        ) : null}
        {client.notes ? <p className="line-clamp-2">{client.notes}</p> : null}
      </div>
      {canWrite ? (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Editar ${client.name}`}>
            <Pencil aria-hidden="true" />
            Editar
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onToggleActive}
            disabled={pending}
            aria-label={`${client.is_active ? 'Desativar' : 'Ativar'} ${client.name}`}
          >
            <Power aria-hidden="true" />
            {client.is_active ? 'Desativar' : 'Ativar'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
