import { PackageOpen, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/errors';
import { productFrequencyLabels, productUnitLabels } from '@/lib/labels';
import { formatCurrency } from '@/lib/money';
import { useSupplierProducts } from '@/features/suppliers/api/get-supplier-products';

function label(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}

interface SupplierProductsTabProps {
  supplierId: string;
  onNewProduct: () => void;
}

/** Produtos: the supplier's real catalogue. */
export function SupplierProductsTab({ supplierId, onNewProduct }: SupplierProductsTabProps) {
  const products = useSupplierProducts(supplierId);

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Catálogo de Produtos</h2>
        <Button size="sm" onClick={onNewProduct}>
          <Plus aria-hidden="true" />
          Adicionar Produto
        </Button>
      </div>
      {products.isPending ? (
        <Spinner label="Carregando produtos..." className="py-6" />
      ) : products.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/50 p-4 text-center">
          <p className="font-medium text-destructive">Erro ao carregar produtos</p>
          <p className="mt-1 text-sm text-muted-foreground">{getErrorMessage(products.error)}</p>
          <Button variant="outline" className="mt-3" onClick={() => void products.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : products.data.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title="Nenhum produto cadastrado"
          description="Adicione os produtos que você costuma comprar deste fornecedor."
        />
      ) : (
        <ul className="grid gap-2" aria-label="Produtos">
          {products.data.map((product) => (
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
          ))}
        </ul>
      )}
    </div>
  );
}
