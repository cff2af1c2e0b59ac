import type { MouseEvent } from 'react';
import { toast } from '@/lib/toast';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { Category } from '@/features/categories/api/get-category';
import {
  useRemoveCategory,
  type RemoveCategoryResult,
} from '@/features/categories/api/remove-category';
import { saveErrorText } from '@/features/categories/lib/category';

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

  async function handleConfirm(event: MouseEvent<HTMLButtonElement>) {
    // Keep the dialog open (with its pending state) until the database answers.
    event.preventDefault();
    if (!category) return;
    // Awaited rather than mutate(…, { onSuccess }): the page under the dialog may re-render
    // without it, and the toast and the navigation must happen anyway.
    let result: RemoveCategoryResult;
    try {
      result = await removeCategory.mutateAsync(category.id);
    } catch (failure) {
      toast.error('Erro ao excluir categoria', {
        description: saveErrorText(
          failure,
          'Não foi possível excluir a categoria. Tente novamente.',
        ),
      });
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
    <AlertDialog
      open={category !== null}
      onOpenChange={(open) => {
        if (!pending) onOpenChange(open);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Excluir categoria?</AlertDialogTitle>
          <AlertDialogDescription>
            {category ? `"${category.name}" será excluída. ` : null}
            Se já houver lançamentos com ela, a categoria será arquivada: deixa de aparecer para
            novos lançamentos, mas os antigos mantêm o nome.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={(event) => void handleConfirm(event)}
            disabled={pending}
          >
            {pending ? 'Excluindo...' : 'Excluir'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
