import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { Category } from '@/features/categories/api/get-category';
import {
  useRemoveCategory,
  type RemoveCategoryResult,
} from '@/features/categories/api/remove-category';
import { toastCategoryError } from '@/features/categories/lib/category';

interface RemoveCategoryDialogProps {
  /** The category to remove; null closes the dialog. */
  category: Category | null;
  onOpenChange: (open: boolean) => void;
  onRemoved?: (result: RemoveCategoryResult) => void;
}

export function RemoveCategoryDialog({
  category,
  onOpenChange,
  onRemoved,
}: RemoveCategoryDialogProps) {
  const removeCategory = useRemoveCategory();
  const pending = removeCategory.isPending;

  async function handleConfirm() {
    if (!category) return;
    // Awaited rather than mutate(…, { onSuccess }): the page under the dialog may re-render
    // without it, and the toast and the navigation must happen anyway.
    let result: RemoveCategoryResult;
    try {
      result = await removeCategory.mutateAsync(category.id);
    } catch (failure) {
      toastCategoryError(
        'Erro ao excluir categoria',
        failure,
        'Não foi possível excluir a categoria. Tente novamente.',
      );
      return;
    }
    if (result === 'deleted') {
      toast.success('Categoria excluída');
    } else {
      toast.success('Categoria arquivada', {
        description: `"${category.name}" tem lançamentos, por isso foi arquivada: não aparece mais para novos lançamentos, mas os antigos continuam com o nome dela.`,
      });
    }
    onOpenChange(false);
    onRemoved?.(result);
  }

  return (
    <ConfirmDialog
      open={category !== null}
      onOpenChange={onOpenChange}
      title="Excluir categoria?"
      description={
        <>
          {category ? `"${category.name}" será excluída. ` : null}
          Se já houver lançamentos com ela, a categoria será arquivada: deixa de aparecer para novos
          lançamentos, mas os antigos mantêm o nome.
        </>
      }
      confirmLabel="Excluir"
      busyLabel="Excluindo..."
      busy={pending}
      destructive
      onConfirm={() => void handleConfirm()}
    />
  );
}
