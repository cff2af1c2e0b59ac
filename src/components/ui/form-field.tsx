import { Slot } from '@radix-ui/react-slot';
import { useId, type ReactElement, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** Shown under the control in red and announced with it. */
  error?: string | null;
  description?: ReactNode;
  required?: boolean;
  /** Overrides the generated id (the label's htmlFor). */
  id?: string;
  className?: string;
  /**
   * One element that receives id/aria-* (Input, Textarea, CurrencyInput, DatePicker…), or a
   * function for composite controls such as Select: `{(p) => <Select>…<SelectTrigger {...p} /></Select>}`.
   */
  children: ReactElement | ((props: ControlProps) => ReactNode);
}

export function FormField({
  label,
  error,
  description,
  required,
  id,
  className,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps: ControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };

  return (
    <div className={cn('grid grid-cols-1 gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {typeof children === 'function' ? (
        children(controlProps)
      ) : (
        <Slot {...controlProps}>{children}</Slot>
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
