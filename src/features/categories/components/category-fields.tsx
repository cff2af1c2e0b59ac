// The category's fields shared by Nova Categoria (page) and Editar Categoria (dialog), inside their
// `<Form {...form}>`: labels and limits once; each screen says its placeholders.
import { FieldItem, TextareaField, TextField } from '@/components/form-fields';
import type { DreGroup } from '@/lib/dre-groups';
import { DreGroupSelect } from '@/features/categories/components/dre-group-select';
import type { CategoryType } from '@/features/categories/lib/category';

export function CategoryNameField({ placeholder }: { placeholder?: string }) {
  return (
    <TextField
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
  return (
    <TextareaField name="description" label="Descrição" placeholder={placeholder} maxLength={500} />
  );
}

/** "Grupo no DRE", offering the lines of the category's type. */
export function CategoryDreGroupField({ type }: { type: CategoryType }) {
  return (
    <FieldItem name="dre_group" label="Grupo no DRE">
      {(field) => (
        <DreGroupSelect type={type} value={field.value as DreGroup} onChange={field.onChange} />
      )}
    </FieldItem>
  );
}
