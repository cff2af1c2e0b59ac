import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import type { EntryKind } from '@/lib/entries';

/** Step 1: what the entry is. */
export function DescriptionStep({ kind }: { kind: EntryKind }) {
  const { control } = useWizardForm();
  return (
    <FormField
      control={control}
      name="description"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Descrição</FormLabel>
          <FormControl>
            <Input
              {...field}
              maxLength={200}
              autoComplete="off"
              placeholder={
                kind === 'expense' ? 'Ex.: Cimento para a fundação' : 'Ex.: Parcela da Casa 002'
              }
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
