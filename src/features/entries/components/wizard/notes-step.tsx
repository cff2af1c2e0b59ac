import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';

/** Step 7: optional notes. */
export function NotesStep() {
  const { control } = useWizardForm();
  return (
    <FormField
      control={control}
      name="notes"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Observações (opcional)</FormLabel>
          <FormControl>
            <Textarea
              {...field}
              maxLength={2000}
              rows={4}
              placeholder="Ex.: entregar no portão dos fundos"
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
