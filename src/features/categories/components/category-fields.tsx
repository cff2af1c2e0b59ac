// The category's fields shared by Nova Categoria (page) and Editar Categoria (dialog), inside their
// `<Form {...form}>`: labels and limits once; each screen says its placeholders.
import { useFormContext } from 'react-hook-form';
import { FieldItem, TextareaField, TextField } from '@/components/form-fields';
import type { CreateCategoryInput } from '@/features/categories/api/create-category';
import type { DreGroup } from '@/lib/dre-groups';
import { DreGroupSelect } from '@/features/categories/components/dre-group-select';
import type { CategoryType } from '@/features/categories/lib/category';

/** What Nova Categoria's and Editar Categoria's forms both hold. */
type CategoryFieldValues = Pick<CreateCategoryInput, 'name' | 'description' | 'dre_group'>;

function useCategoryControl() {
  return useFormContext<CategoryFieldValues>().control;
}

export function CategoryNameField({ placeholder }: { placeholder?: string }) {
  const control = useCategoryControl();
  return (
    <TextField
      control={control}
      name="name"
      label="Nome da categoria"
      required
      placeholder={placeholder}
      maxLength={100}
      autoComplete="off"
    />
  );
}

export function CategoryDescriptionField({ placeholder }: { placeholder?: string }) {
  const control = useCategoryControl();
  return (
    <TextareaField
      control={control}
      name="description"
      label="Descrição"
      placeholder={placeholder}
      maxLength={500}
    />
  );
}

/** "Grupo no DRE", offering the lines of the category's type. */
export function CategoryDreGroupField({ type }: { type: CategoryType }) {
  const control = useCategoryControl();
  return (
    <FieldItem control={control} name="dre_group" label="Grupo no DRE">
      {(field) => (
        <DreGroupSelect type={type} value={field.value as DreGroup} onChange={field.onChange} />
      )}
    </FieldItem>
  );
}
