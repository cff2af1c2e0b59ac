import { Slot } from '@radix-ui/react-slot';
import {
  createContext,
  useContext,
  useId,
  type ComponentProps,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * shadcn/ui's Form on react-hook-form: `useForm({ resolver: zodResolver(schema) })` with the
 * schema of the feature's api/ file, then
 *
 * ```tsx
 * <Form {...form}>
 *   <form onSubmit={form.handleSubmit(onValid)} noValidate>
 *     <FormField control={form.control} name="name" render={({ field }) => (
 *       <FormItem required>
 *         <FormLabel>Nome</FormLabel>
 *         <FormControl><Input {...field} /></FormControl>
 *         <FormMessage />
 *       </FormItem>
 *     )} />
 * ```
 *
 * The messages come from the schema; a form never repeats them.
 */
export const Form = FormProvider;

interface FormFieldContextValue {
  name: string;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

interface FormItemContextValue {
  id: string;
  required: boolean;
}

const FormItemContext = createContext<FormItemContextValue | null>(null);

/** The ids and the error of the field around the caller (label, control, message). */
export function useFormField() {
  const field = useContext(FormFieldContext);
  const item = useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item) throw new Error('useFormField is used inside <FormField><FormItem>');
  const state = getFieldState(field.name, formState);
  return {
    name: field.name,
    required: item.required,
    formItemId: `${item.id}-form-item`,
    formDescriptionId: `${item.id}-form-item-description`,
    formMessageId: `${item.id}-form-item-message`,
    ...state,
  };
}

interface FormItemProps extends HTMLAttributes<HTMLDivElement> {
  /** Marks the label with "*" and the control with aria-required. */
  required?: boolean;
}

export function FormItem({ className, required = false, ...props }: FormItemProps) {
  const id = useId();
  return (
    <FormItemContext.Provider value={{ id, required }}>
      <div className={cn('grid grid-cols-1 gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ children, ...props }: ComponentProps<typeof Label>) {
  const { formItemId, required } = useFormField();
  return (
    <Label htmlFor={formItemId} {...props}>
      {children}
      {required ? (
        <span className="ml-0.5 text-destructive" aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
}

/** Gives its one child (Input, Textarea, CurrencyInput, DatePicker, SelectTrigger…) the field's id and aria-*. */
export function FormControl(props: ComponentProps<typeof Slot>) {
  const { error, formItemId, formDescriptionId, formMessageId, required } = useFormField();
  // As shadcn/ui: an id without an element (no FormDescription) is ignored by screen readers.
  const describedBy = error ? `${formDescriptionId} ${formMessageId}` : formDescriptionId;
  return (
    <Slot
      id={formItemId}
      {...props}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={required ? true : undefined}
    />
  );
}

export function FormDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { formDescriptionId } = useFormField();
  return (
    <p
      id={formDescriptionId}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The field's error message (from the schema), or `children` when there is none. */
export function FormMessage({
  className,
  children,
  ...props
}: HTMLAttributes<HTMLParagraphElement> & { children?: ReactNode }) {
  const { error, formMessageId } = useFormField();
  const body = error?.message ?? children;
  if (!body) return null;
  return (
    <p
      id={formMessageId}
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  );
}
