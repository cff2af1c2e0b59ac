import { Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCategories } from '@/lib/api/lookups';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';
import type { Category } from '@/features/categories/api/get-category';
import { CategoryListItem } from '@/features/categories/components/category-list-item';
import { SplitTemplatesSection } from '@/features/categories/components/split-templates/split-templates-section';
import { loadErrorText, type CategoryType } from '@/features/categories/lib/category';
import {
  EditCategoryDialog,
  RemoveCategoryDialog,
} from '@/features/categories/components/category-dialogs';

const emptyTexts: Record<CategoryType, string> = {
  income: 'Nenhuma categoria de receita cadastrada',
  expense: 'Nenhuma categoria de despesa cadastrada',
};

function newCategoryPath(type: CategoryType): string {
  return type === 'income' ? '/categorias/nova?tipo=receita' : '/categorias/nova';
}

export function CategoriesPage() {
  // The list shows active categories only; archived ones live on in old entries.
  const categories = useCategories({ activeOnly: true });
  const [editing, setEditing] = useState<Category | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const canWrite = useCan()('write');
  // The tab lives in the URL (?tipo=receitas), so that returning from a new income category, or
  // going back, shows the right one. Despesas by default (SPEC §4).
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: CategoryType = searchParams.get('tipo') === 'receitas' ? 'income' : 'expense';

  const income = categories.data?.filter((c) => c.type === 'income') ?? [];
  const expense = categories.data?.filter((c) => c.type === 'expense') ?? [];

  function list(type: CategoryType, items: Category[]) {
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<Tags />}
          title={emptyTexts[type]}
          action={
            canWrite ? (
              <Link to={newCategoryPath(type)} className={buttonVariants()}>
                <Plus aria-hidden="true" />
                Criar primeira categoria
              </Link>
            ) : undefined
          }
        />
      );
    }
    return (
      <ul
        className="grid grid-cols-1 gap-2"
        aria-label={type === 'income' ? 'Categorias de receita' : 'Categorias de despesa'}
      >
        {items.map((category) => (
          <CategoryListItem
            key={category.id}
            category={category}
            onEdit={canWrite ? setEditing : undefined}
            onRemove={canWrite ? setRemoving : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <div>
      <PageHeader
        title="Categorias"
        backTo="/mais"
        actions={
          canWrite ? (
            <Link to={newCategoryPath(tab)} className={cn(buttonVariants({ size: 'sm' }))}>
              <Plus aria-hidden="true" />
              Nova Categoria
            </Link>
          ) : null
        }
      />

      <QueryState query={categories} error={{ title: 'Erro', description: loadErrorText }}>
        {() => (
          <>
            <Tabs
              value={tab}
              onValueChange={(value) =>
                setSearchParams(value === 'income' ? { tipo: 'receitas' } : {}, { replace: true })
              }
            >
              <TabsList>
                <TabsTrigger value="income">Receitas ({income.length})</TabsTrigger>
                <TabsTrigger value="expense">Despesas ({expense.length})</TabsTrigger>
              </TabsList>
              <TabsContent value="income">{list('income', income)}</TabsContent>
              <TabsContent value="expense">{list('expense', expense)}</TabsContent>
            </Tabs>
            <p className="mt-6 border-t pt-4 text-center text-sm text-muted-foreground">
              {income.length} {income.length === 1 ? 'categoria' : 'categorias'} de receita ·{' '}
              {expense.length} {expense.length === 1 ? 'categoria' : 'categorias'} de despesa
            </p>
          </>
        )}
      </QueryState>

      {/* Rateio padrão (issue 33): how a bill's cost is divided among obras and categories. */}
      <SplitTemplatesSection />

      <EditCategoryDialog
        category={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <RemoveCategoryDialog
        category={removing}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
      />
    </div>
  );
}
