import { EntryListScreen } from '@/features/entries/components/entry-list-screen';

export function PayablesPage() {
  return <EntryListScreen kind="expense" />;
}
