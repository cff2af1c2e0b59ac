import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { ReceiptPhotoInput } from '@/features/entries/components/wizard/receipt-photo';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';

/** Step 8: an optional receipt photo; "Pular esta etapa" while there is none. */
export function PhotoStep({ onSkip }: { onSkip: () => void }) {
  const { control } = useWizardForm();
  return (
    <FormField
      control={control}
      name="photo"
      render={({ field }) => (
        <div className="grid gap-2">
          <ReceiptPhotoInput value={field.value} onChange={field.onChange} />
          {field.value ? null : (
            <Button variant="ghost" onClick={onSkip}>
              Pular esta etapa
            </Button>
          )}
        </div>
      )}
    />
  );
}
