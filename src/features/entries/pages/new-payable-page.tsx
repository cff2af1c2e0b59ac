import { EntryWizard } from '@/features/entries/components/wizard/entry-wizard';

export function NewPayablePage() {
  return <EntryWizard kind="expense" />;
}
