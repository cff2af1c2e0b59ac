import { EntryListScreen } from '@/features/entries/components/entry-list-screen';

export function ReceivablesPage() {
  return <EntryListScreen kind="income" />;
}
