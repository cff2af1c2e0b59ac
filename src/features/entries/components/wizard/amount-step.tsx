import { CurrencyInput } from '@/components/ui/currency-input';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';

/** Step 3: the amount, in centavos. */
export function AmountStep() {
  const { control } = useWizardForm();
  return (
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
  );
}
