import { PageHeader } from '@/components/ui/page-header';
import { NewCategoryForm } from '../components/new-category-form';

export function NewCategoryPage() {
  return (
    <div>
      <PageHeader title="Nova Categoria" backTo="/categorias" />
      <NewCategoryForm />
    </div>
  );
}
