import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { ColorField } from '@/components/choice-fields';
import { toColorToken } from '@/lib/colors';
import { defaultDreGroup, isDreGroup } from '@/lib/dre-groups';
import type { Category } from '@/features/categories/api/get-category';
import {
  updateCategoryInput,
  useUpdateCategory,
  type UpdateCategoryInput,
} from '@/features/categories/api/update-category';
import {
  CategoryDescriptionField,
  CategoryDreGroupField,
  CategoryNameField,
} from '@/features/categories/components/category-fields';
import { toastCategoryError, toastFirstError } from '@/features/categories/lib/category';

interface EditCategoryDialogProps {
  /** The category being edited; null closes the dialog. */
  category: Category | null;
  onOpenChange: (open: boolean) => void;
}

export function EditCategoryDialog({ category, onOpenChange }: EditCategoryDialogProps) {
  return (
    <FormDialog
      open={category !== null}
      onOpenChange={onOpenChange}
      title="Editar Categoria"
      description="Altere o nome, a descrição, o grupo no DRE ou a cor."
    >
      {/* Keyed so that the fields start from the category each time another one is opened. */}
      {category ? (
        <EditCategoryForm
          key={category.id}
          category={category}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}

function EditCategoryForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const type = category.type === 'income' ? 'income' : 'expense';
  const form = useForm({
    resolver: zodResolver(updateCategoryInput),
    defaultValues: {
      id: category.id,
      name: category.name,
      description: category.description ?? '',
      color: toColorToken(category.color),
      dre_group: isDreGroup(category.dre_group) ? category.dre_group : defaultDreGroup(type),
    } satisfies UpdateCategoryInput,
  });
  const updateCategory = useUpdateCategory();

  async function onValid(values: UpdateCategoryInput) {
    try {
      await updateCategory.mutateAsync(values);
    } catch (failure) {
      // The dialog stays open with what was typed, so the user can fix it and try again.
      toastCategoryError(
        'Erro ao atualizar categoria',
        failure,
        'Não foi possível salvar a categoria. Tente novamente.',
      );
      return;
    }
    toast.success('Categoria atualizada!', { description: 'As alterações foram salvas.' });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      busy={updateCategory.isPending}
      onCancel={onDone}
    >
      <CategoryNameField />
      <CategoryDescriptionField />
      <CategoryDreGroupField type={type} />
      <ColorField control={form.control} name="color" />
    </DialogForm>
  );
}
