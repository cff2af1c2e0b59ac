import { CategoryChoiceList } from '@/components/pickers/choice-lists';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import type { EntryKind } from '@/lib/entries';

/** Step 6: an active category of the entry's type (expense for payables, income for receivables). */
export function CategoryStep({ kind }: { kind: EntryKind }) {
  const { control } = useWizardForm();
  return (
    <FormField
      control={control}
      name="categoryId"
      render={({ field }) => (
        <FormItem>
          <CategoryChoiceList
            type={kind === 'expense' ? 'expense' : 'income'}
            tone={kind === 'expense' ? 'expense' : 'income'}
            value={field.value ?? undefined}
            onChange={field.onChange}
          />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
