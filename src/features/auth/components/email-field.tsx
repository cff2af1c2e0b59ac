import { useFormContext } from 'react-hook-form';
import { FieldItem } from '@/components/form-fields';
import { Input } from '@/components/ui/input';

/** The "Email" field of the sign-in and sign-up forms, inside their `<Form {...form}>`. */
export function EmailField() {
  const { control } = useFormContext<{ email: string }>();
  return (
    <FieldItem control={control} name="email" label="Email">
      {(field) => (
        <Input
          {...field}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="seu@email.com"
          required
        />
      )}
    </FieldItem>
  );
}
