import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';

interface AuthFormProps<TValues extends FieldValues, TContext, TOutput> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  /** `form.handleSubmit(onValid)`. */
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** The form's accessible name (the screen's action: "Entrar", "Cadastrar"…). */
  label: string;
  submitLabel: string;
  /** The submit button's words while the request is in flight. */
  busyLabel: string;
  busy: boolean;
  children: ReactNode;
}

/** A signed-out screen's form: its fields, then one large submit button. */
export function AuthForm<TValues extends FieldValues, TContext, TOutput>({
  form,
  onSubmit,
  label,
  submitLabel,
  busyLabel,
  busy,
  children,
}: AuthFormProps<TValues, TContext, TOutput>) {
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label}>
        {children}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
    </Form>
  );
}
