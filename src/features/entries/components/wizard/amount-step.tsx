import { CurrencyInput } from '@/components/ui/currency-input';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import { PaymentCodeField } from '@/features/entries/components/capture/payment-code-field';
import type { EntryKind } from '@/lib/entries';

/** Step 3: the amount, in centavos; a payable's boleto or PIX code fills it (and the date). */
export function AmountStep({ kind }: { kind: EntryKind }) {
  const { control, setValue } = useWizardForm();
  return (
    <>
      {kind === 'expense' ? (
        <PaymentCodeField
          setDueDate={(date) => {
            setValue('dateMode', 'choose', { shouldDirty: true });
            setValue('chosenDate', date, { shouldDirty: true });
          }}
        />
      ) : null}
      <FormField
        control={control}
        name="amountCents"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Valor</FormLabel>
            <FormControl>
              <CurrencyInput
                ref={field.ref}
                value={field.value}
                className="text-lg"
                onValueChange={field.onChange}
                onBlur={field.onBlur}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
