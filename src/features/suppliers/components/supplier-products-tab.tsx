import { PackageOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { productFrequencyLabels, productUnitLabels } from '@/lib/labels';
import { formatCurrency } from '@/lib/money';
import { useSupplierProducts } from '@/features/suppliers/api/get-supplier-products';
import { SupplierTabList } from '@/features/suppliers/components/supplier-tab-list';

function label(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

interface SupplierProductsTabProps {
  supplierId: string;
  /** Absent for a role that may not write: no Adicionar. */
  onNewProduct?: () => void;
}

/** Produtos: the supplier's real catalogue. */
export function SupplierProductsTab({ supplierId, onNewProduct }: SupplierProductsTabProps) {
  const products = useSupplierProducts(supplierId);

  return (
    <SupplierTabList
      title="Catálogo de Produtos"
      actionLabel="Adicionar Produto"
      onAction={onNewProduct}
      query={products}
      loadingLabel="Carregando produtos..."
      errorTitle="Erro ao carregar produtos"
      empty={
        <EmptyState
          icon={<PackageOpen />}
          title="Nenhum produto cadastrado"
          description="Adicione os produtos que você costuma comprar deste fornecedor."
        />
      }
      listLabel="Produtos"
      renderItem={(product) => (
        <li key={product.id} className="rounded-lg border bg-card p-3 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">{product.name}</p>
              {product.description ? (
                <p className="text-sm text-muted-foreground">{product.description}</p>
              ) : null}
            </div>
            <p className="shrink-0 text-right font-semibold">
              {formatCurrency(product.price)}
              <span className="block text-xs font-normal text-muted-foreground">
                por {label(productUnitLabels, product.unit)}
              </span>
            </p>
          </div>
          <div className="mt-2 flex flex-wrap gap-1">
            <Badge variant="outline">{product.category}</Badge>
            <Badge variant="secondary">{label(productFrequencyLabels, product.frequency)}</Badge>
          </div>
        </li>
      )}
    />
  );
}
