import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The "Email" field of the sign-in and sign-up forms. */
export function EmailField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label="Email" error={error}>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="seu@email.com"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
