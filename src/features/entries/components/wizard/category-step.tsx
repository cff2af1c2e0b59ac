import { CategoryChoiceList } from '@/components/pickers/choice-lists';
import type { EntryKind } from '@/lib/entries';

interface CategoryStepProps {
  kind: EntryKind;
  value: string | null;
  onChange: (categoryId: string) => void;
}

/** Step 6: an active category of the entry's type (expense for payables, income for receivables). */
export function CategoryStep({ kind, value, onChange }: CategoryStepProps) {
  return (
    <CategoryChoiceList
      type={kind === 'expense' ? 'expense' : 'income'}
      tone={kind === 'expense' ? 'expense' : 'income'}
      value={value ?? undefined}
      onChange={onChange}
    />
  );
}
