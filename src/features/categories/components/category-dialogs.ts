// Editar and Excluir of a category, for the list and the detail page alike: loaded on the first
// tap (or on intent, with .preload), not with either screen's chunk.
import { lazyDialog } from '@/components/lazy-dialog';

export const EditCategoryDialog = lazyDialog(
  async () =>
    (await import('@/features/categories/components/edit-category-dialog')).EditCategoryDialog,
  (props) => props.category !== null,
);
export const RemoveCategoryDialog = lazyDialog(
  async () =>
    (await import('@/features/categories/components/remove-category-dialog')).RemoveCategoryDialog,
  (props) => props.category !== null,
);
