import { Search, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Amount } from '@/components/amount';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ImportSheetLink, NewRecordLink, SearchField } from '@/components/list-page-controls';
import { PageHeader } from '@/components/ui/page-header';
import { useSuppliers } from '@/lib/api/lookups';
import { getErrorMessage } from '@/lib/errors';
import { useIsDesktop } from '@/lib/use-media-query';
import { useSupplierSummary } from '@/features/suppliers/api/get-supplier-summary';
import { SupplierCard } from '@/features/suppliers/components/supplier-card';
import { SuppliersTable } from '@/features/suppliers/components/suppliers-table';
import { matchesSupplierSearch } from '@/features/suppliers/lib/supplier-form';

export function SuppliersPage() {
  const suppliers = useSuppliers({ activeOnly: false });
  const summary = useSupplierSummary();
  const [search, setSearch] = useState('');
  const desktop = useIsDesktop();

  const visible = (suppliers.data ?? []).filter((s) => matchesSupplierSearch(s, search));

  return (
    <>
      <PageHeader
        title="Fornecedores"
        description="Gerencie seus fornecedores"
        backTo="/mais"
        actions={<NewRecordLink to="/fornecedores/novo" label="Novo" />}
      />

      <div className="mb-4 grid grid-cols-2 gap-3 lg:max-w-2xl">
        <Card role="group" aria-labelledby="suppliers-active-label">
          <CardContent className="p-4">
            <p id="suppliers-active-label" className="text-sm text-muted-foreground">
              Fornecedores ativos
            </p>
            <p className="text-2xl font-bold" aria-live="polite">
              {summary.data ? summary.data.activeCount : '—'}
            </p>
          </CardContent>
        </Card>
        <Card role="group" aria-labelledby="suppliers-spent-label">
          <CardContent className="p-4">
            <p id="suppliers-spent-label" className="text-sm text-muted-foreground">
              Total gasto
            </p>
            <p className="text-xl font-bold text-expense" aria-live="polite">
              {summary.data ? <Amount cents={summary.data.totalSpent} compactAbove={11} /> : '—'}
            </p>
          </CardContent>
        </Card>
      </div>

      <SearchField
        wrapperClassName="mb-4 lg:max-w-md"
        aria-label="Buscar fornecedores"
        placeholder="Nome, tipo ou categoria..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />

      {suppliers.status !== 'success' ? (
        <QueryState
          query={suppliers}
          loading="Carregando fornecedores..."
          error={{ title: 'Erro ao carregar fornecedores', description: getErrorMessage }}
        />
      ) : suppliers.data.length === 0 ? (
        <EmptyState
          icon={<Truck />}
          title="Nenhum fornecedor cadastrado"
          description="Cadastre seu primeiro fornecedor para acompanhar pedidos e gastos."
          action={
            <div className="grid gap-2 sm:flex">
              <Button asChild>
                <Link to="/fornecedores/novo">Cadastrar Fornecedor</Link>
              </Button>
              <ImportSheetLink tipo="fornecedores" />
            </div>
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<Search />}
          title="Nenhum fornecedor encontrado"
          description="Tente buscar por outro nome, tipo ou categoria."
        />
      ) : desktop ? (
        <SuppliersTable suppliers={visible} />
      ) : (
        <ul className="grid gap-3" aria-label="Lista de fornecedores">
          {visible.map((supplier) => (
            <li key={supplier.id}>
              <SupplierCard supplier={supplier} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
