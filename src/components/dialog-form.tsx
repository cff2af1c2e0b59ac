import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { cn } from '@/lib/utils';

interface DialogFormProps<TValues extends FieldValues, TContext, TOutput> {
  form: UseFormReturn<TValues, TContext, TOutput>;
  /** `form.handleSubmit(onValid, onInvalid?)`. */
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** The save is in flight: both buttons disabled, the submit button says `busyLabel`. */
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
  /** The submit button's words: "Salvar" unless the dialog creates or confirms something. */
  submitLabel?: string;
  /** The submit button's words while `busy`. */
  busyLabel?: string;
  /** Before the submit button's words (an aria-hidden icon). */
  submitIcon?: ReactNode;
  submitVariant?: ComponentProps<typeof Button>['variant'];
  /** The submit button is also disabled, e.g. until a required choice is made. */
  submitDisabled?: boolean;
  /** Cancelar stays enabled while saving (closing does not stop the save). */
  cancelWhileBusy?: boolean;
  /** The form's accessible name, where tests or screen readers tell it from another form. */
  'aria-label'?: string;
  /** Merged into the form's grid classes (e.g. a wider gap). */
  className?: string;
}

/** A form dialog's form: its fields one under the other, then Cancelar and the submit button. */
export function DialogForm<TValues extends FieldValues, TContext, TOutput>({
  form,
  onSubmit,
  busy,
  onCancel,
  children,
  submitLabel = 'Salvar',
  busyLabel = 'Salvando...',
  submitIcon,
  submitVariant,
  submitDisabled = false,
  cancelWhileBusy = false,
  'aria-label': ariaLabel,
  className,
}: DialogFormProps<TValues, TContext, TOutput>) {
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={ariaLabel}
        className={cn('grid grid-cols-1 gap-4', className)}
      >
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy && !cancelWhileBusy}>
            Cancelar
          </Button>
          <Button type="submit" variant={submitVariant} disabled={busy || submitDisabled}>
            {submitIcon}
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** On the DialogContent, e.g. a scrolling height for a long form. */
  className?: string;
  /** On the title, e.g. `truncate` for a file's name. */
  titleClassName?: string;
  /** On the description, e.g. `sr-only` where the body says it all to the eye. */
  descriptionClassName?: string;
  /** The form, usually its own component so that it mounts with the dialog's data. */
  children: ReactNode;
}

/**
 * A dialog's frame: title and description above its body. The body is a form (`DialogForm`) in
 * every form dialog; the few dialogs without one (a photo, the shortcuts, the camera) use the same
 * frame.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  titleClassName,
  descriptionClassName,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
