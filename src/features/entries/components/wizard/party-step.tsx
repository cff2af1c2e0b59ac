import { useWatch } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { PartyPicker } from '@/features/entries/components/party-picker';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import type { EntryKind } from '@/lib/entries';

/** Step 2: the supplier (payable) or client (receivable), registered or a new name. */
export function PartyStep({ kind }: { kind: EntryKind }) {
  const { control, setValue } = useWizardForm();
  const partyId = useWatch({ control, name: 'partyId' });
  return (
    <FormField
      control={control}
      name="partyName"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{kind === 'expense' ? 'Nome do fornecedor' : 'Nome do cliente'}</FormLabel>
          <FormControl>
            <PartyPicker
              kind={kind}
              partyId={partyId}
              partyName={field.value}
              onBlur={field.onBlur}
              onChange={(party) => {
                setValue('partyId', party.partyId);
                field.onChange(party.partyName);
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
