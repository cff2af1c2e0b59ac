import { FieldItem } from '@/components/form-fields';
import { Input } from '@/components/ui/input';

/** The "Email" field of the sign-in and sign-up forms, inside their `<Form {...form}>`. */
export function EmailField({ name }: { name: string }) {
  return (
    <FieldItem name={name} label="Email">
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
