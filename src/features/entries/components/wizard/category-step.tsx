import { CategoryChoiceList } from '@/components/pickers/choice-lists';
import type { EntryKind } from '@/features/entries/lib/wizard';

interface CategoryStepProps {
  kind: EntryKind;
  value: string | null;
  onChange: (categoryId: string) => void;
}

/** Step 6: an active category of the entry's type (expense for payables, income for receivables). */
export function CategoryStep({ kind, value, onChange }: CategoryStepProps) {
  return (
    <CategoryChoiceList
      type={kind === 'payable' ? 'expense' : 'income'}
      tone={kind === 'payable' ? 'expense' : 'income'}
      value={value ?? undefined}
      onChange={onChange}
    />
  );
}
