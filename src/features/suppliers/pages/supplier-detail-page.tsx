import { Pencil, Power, Star } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RecordGate } from '@/components/record-gate';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Supplier } from '@/lib/api/lookups';
import { getErrorMessage } from '@/lib/errors';
import { useCan } from '@/lib/roles';
import { useSupplier } from '@/features/suppliers/api/get-supplier';
import { useSetSupplierActive } from '@/features/suppliers/api/set-supplier-active';
import { SupplierInfoTab } from '@/features/suppliers/components/supplier-info-tab';
import { SupplierOrdersTab } from '@/features/suppliers/components/supplier-orders-tab';
import { SupplierProductsTab } from '@/features/suppliers/components/supplier-products-tab';
import { SupplierStatsCards } from '@/features/suppliers/components/supplier-stats-cards';
import { supplierTypeLabel } from '@/features/suppliers/lib/supplier-form';
import { lazyDialog } from '@/components/lazy-dialog';
import { NfeImportButton } from '@/components/capture/nfe-import-button';
import type { NfeSplitSlot } from '@/components/capture/nfe-import-dialog';

// Loaded on the first tap (or on intent, with .preload), not with this screen's chunk.
const SupplierEditDialog = lazyDialog(
  async () =>
    (await import('@/features/suppliers/components/supplier-edit-dialog')).SupplierEditDialog,
  (props) => props.open,
);
const NewOrderDialog = lazyDialog(
  async () => (await import('@/features/suppliers/components/new-order-dialog')).NewOrderDialog,
  (props) => props.open,
);
const NewProductDialog = lazyDialog(
  async () => (await import('@/features/suppliers/components/new-product-dialog')).NewProductDialog,
  (props) => props.open,
);

const SUPPLIER_NOT_FOUND = {
  title: 'Fornecedor não encontrado',
  description: 'Ele pode ter sido removido ou pertencer a outra empresa.',
  to: '/fornecedores',
  linkLabel: 'Voltar para Fornecedores',
  linkVariant: 'outline',
} as const;

/**
 * A supplier's page. `nfeSplit`: "Ratear" in its Importar NF-e, given by the route
 * (src/app/supplier-detail-route.tsx: the split editor is the entries feature's).
 */
export function SupplierDetailPage({ nfeSplit }: { nfeSplit?: NfeSplitSlot } = {}) {
  const { id = '' } = useParams();
  const supplier = useSupplier(id);
  return (
    <RecordGate
      query={supplier}
      record={supplier.data}
      title="Fornecedor"
      backTo="/fornecedores"
      error={{ title: 'Erro ao carregar fornecedor', description: getErrorMessage }}
      notFound={SUPPLIER_NOT_FOUND}
    >
      {(found) => <SupplierDetail supplier={found} nfeSplit={nfeSplit} />}
    </RecordGate>
  );
}

function SupplierDetail({ supplier, nfeSplit }: { supplier: Supplier; nfeSplit?: NfeSplitSlot }) {
  const [editOpen, setEditOpen] = useState(false);
  const [orderOpen, setOrderOpen] = useState(false);
  const [productOpen, setProductOpen] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetSupplierActive(supplier.id);
  const canWrite = useCan()('write');

  async function toggleActive(isActive: boolean) {
    // Awaited: the toast must not depend on this component still being mounted.
    try {
      await setActive.mutateAsync(isActive);
    } catch (error) {
      toastError('Erro ao atualizar fornecedor', error);
      return;
    }
    setConfirmDeactivate(false);
    toast.success(isActive ? 'Fornecedor ativado' : 'Fornecedor desativado', {
      description: isActive
        ? `${supplier.name} voltou a aparecer nas listas de escolha.`
        : `${supplier.name} não aparece mais nas listas de escolha; o histórico foi mantido.`,
    });
  }

  return (
    <>
      <PageHeader
        title={supplier.name}
        description={supplier.category ?? undefined}
        backTo="/fornecedores"
        backLabel="Voltar para Fornecedores"
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Badge variant="outline">{supplierTypeLabel(supplier.type)}</Badge>
        <Badge variant={supplier.is_active ? 'success' : 'secondary'}>
          {supplier.is_active ? 'Ativo' : 'Inativo'}
        </Badge>
        {supplier.rating != null ? (
          <span
            className="inline-flex items-center gap-1 text-sm font-medium"
            aria-label={`Avaliação ${String(supplier.rating).replace('.', ',')} de 5`}
          >
            <Star className="size-4 fill-warning text-warning" aria-hidden="true" />
            {String(supplier.rating).replace('.', ',')}
          </span>
        ) : null}
      </div>
      {canWrite ? (
        <div className="mb-4 grid grid-cols-2 gap-2">
          <Button
            variant="outline"
            onClick={() => setEditOpen(true)}
            onPointerEnter={SupplierEditDialog.preload}
            onFocus={SupplierEditDialog.preload}
          >
            <Pencil aria-hidden="true" />
            Editar
          </Button>
          {supplier.is_active ? (
            <Button variant="outline" onClick={() => setConfirmDeactivate(true)}>
              <Power aria-hidden="true" />
              Desativar
            </Button>
          ) : (
            <Button
              variant="outline"
              onClick={() => void toggleActive(true)}
              disabled={setActive.isPending}
            >
              <Power aria-hidden="true" />
              {setActive.isPending ? 'Ativando...' : 'Ativar'}
            </Button>
          )}
          <NfeImportButton className="col-span-2" split={nfeSplit} />
        </div>
      ) : null}

      <SupplierStatsCards supplierId={supplier.id} />

      <Tabs defaultValue="info" className="mt-4">
        <TabsList>
          <TabsTrigger value="info">Informações</TabsTrigger>
          <TabsTrigger value="orders">Pedidos</TabsTrigger>
          <TabsTrigger value="products">Produtos</TabsTrigger>
        </TabsList>
        <TabsContent value="info">
          <SupplierInfoTab supplier={supplier} />
        </TabsContent>
        <TabsContent value="orders">
          <SupplierOrdersTab
            supplierId={supplier.id}
            onNewOrder={canWrite ? () => setOrderOpen(true) : undefined}
          />
        </TabsContent>
        <TabsContent value="products">
          <SupplierProductsTab
            supplierId={supplier.id}
            onNewProduct={canWrite ? () => setProductOpen(true) : undefined}
          />
        </TabsContent>
      </Tabs>

      <SupplierEditDialog supplier={supplier} open={editOpen} onOpenChange={setEditOpen} />
      <NewOrderDialog supplierId={supplier.id} open={orderOpen} onOpenChange={setOrderOpen} />
      <NewProductDialog supplierId={supplier.id} open={productOpen} onOpenChange={setProductOpen} />
      <ConfirmDialog
        open={confirmDeactivate}
        onOpenChange={setConfirmDeactivate}
        title="Desativar fornecedor?"
        description={`${supplier.name} deixará de aparecer nas listas de escolha. Pedidos, produtos e contas continuam registrados, e você pode ativá-lo de novo quando quiser.`}
        confirmLabel="Desativar"
        busyLabel="Desativando..."
        busy={setActive.isPending}
        onConfirm={() => void toggleActive(false)}
      />
    </>
  );
}
