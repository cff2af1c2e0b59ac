import { EntryWizard } from '@/features/entries/components/wizard/entry-wizard';

export function NewReceivablePage() {
  return <EntryWizard kind="income" />;
}
