import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** The "Email" field of the sign-in and sign-up forms. */
export function EmailField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Email</FormLabel>
          <FormControl>
            <Input
              {...field}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="seu@email.com"
              required
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
