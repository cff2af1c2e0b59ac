import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

interface DialogFormProps<TValues extends FieldValues, TContext, TOutput> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  /** `form.handleSubmit(onValid, onInvalid?)`. */
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** The save is in flight: both buttons disabled, "Salvando...". */
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}

/** An edit dialog's form: its fields one under the other, then Cancelar and Salvar. */
export function DialogForm<TValues extends FieldValues, TContext, TOutput>({
  form,
  onSubmit,
  busy,
  onCancel,
  children,
}: DialogFormProps<TValues, TContext, TOutput>) {
  return (
    <Form {...form}>
      <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-4">
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
