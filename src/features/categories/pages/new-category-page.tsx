import { PageHeader } from '@/components/ui/page-header';
import { NewCategoryForm } from '@/features/categories/components/new-category-form';

export function NewCategoryPage() {
  return (
    <div>
      <PageHeader title="Nova Categoria" backTo="/categorias" />
      <NewCategoryForm />
    </div>
  );
}
