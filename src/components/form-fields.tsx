// One field of a shadcn Form (label, control, description, message) in one line at the call site.
// Each reads the form from its context (`<Form {...form}>`); the DOM is the hand-written block's:
// FormItem > FormLabel, FormControl > control, FormDescription, FormMessage. The fields whose
// controls are heavier (Radix Select, the date and colour pickers) are in choice-fields.tsx, so a
// form of text fields (sign-in) does not load them. `control` (the form's `form.control`, or
// `useFormContext<Values>().control` in a fields component) types `name` as a path of the form's
// values, so a misspelt field is a type error; it is required, so every call site is checked.
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { maskChangeEvent } from '@/lib/input-mask';
import { parseCurrency } from '@/lib/money';

export type FieldRenderProps = ControllerRenderProps<FieldValues, string>;

/** A form's control whatever its schema's output (`useForm<Input, unknown, Output>`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rhf's own default for the context
export type FormControlOf<T extends FieldValues> = Control<T, any, any>;

export interface FieldItemProps<T extends FieldValues = FieldValues> {
  /** The form (its `control`); what makes `name` a checked path of its values. */
  control: FormControlOf<T>;
  /** The field's path in the form's values. */
  name: FieldPath<T>;
  label: ReactNode;
  /** Marks the label with "*" and the control with aria-required. */
  required?: boolean;
  /** Under the control; nothing when empty. */
  description?: ReactNode;
  /** On the FormItem, e.g. a column span. */
  className?: string;
}

/**
 * Any control as one field: `children` gets the field and returns the one control that takes the
 * FormControl's id and aria-* (a picker, a DatePicker…). `bare` renders `children` without the
 * FormControl, for a control that places it itself (a Select wraps only its trigger).
 */
export function FieldItem<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  description,
  className,
  bare = false,
  note,
  fallbackMessage,
  children,
}: FieldItemProps<T> & {
  bare?: boolean;
  /** Between the description and the message, e.g. a figure the value leads to. */
  note?: ReactNode;
  /** Shown in the message's place while the field has no error (e.g. its list failed to load). */
  fallbackMessage?: ReactNode;
  children: (field: FieldRenderProps) => ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem required={required} className={className}>
          <FormLabel>{label}</FormLabel>
          {bare ? children(field) : <FormControl>{children(field)}</FormControl>}
          {description ? <FormDescription>{description}</FormDescription> : null}
          {note}
          <FormMessage>{fallbackMessage}</FormMessage>
        </FormItem>
      )}
    />
  );
}

type TextFieldProps<T extends FieldValues> = FieldItemProps<T> &
  Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'className'> & {
    /** Applied as the person types (e.g. `maskDocumentTyping`); the form holds the masked text. */
    mask?: (value: string) => string;
  };

/** An Input over a string (null shows as empty). `onChange` runs after the form took the value. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  className,
  onChange,
  mask,
  ...input
}: TextFieldProps<T>) {
  return (
    <FieldItem {...{ control, name, label, required, description, className }}>
      {(field) => (
        <Input
          {...field}
          value={textOf(field.value)}
          {...input}
          onChange={(event) => {
            field.onChange(mask ? maskChangeEvent(event, mask) : event);
            onChange?.(event);
          }}
        />
      )}
    </FieldItem>
  );
}

type TextareaFieldProps<T extends FieldValues> = FieldItemProps<T> &
  Omit<
    ComponentProps<typeof Textarea>,
    'name' | 'value' | 'defaultValue' | 'className' | 'onChange'
  >;

/** A Textarea over a string (null shows as empty). */
export function TextareaField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  className,
  ...textarea
}: TextareaFieldProps<T>) {
  return (
    <FieldItem {...{ control, name, label, required, description, className }}>
      {(field) => <Textarea {...field} value={textOf(field.value)} {...textarea} />}
    </FieldItem>
  );
}

/** "Observações": a record's free notes, up to the 2,000 characters the database keeps. */
export function NotesField<T extends FieldValues>({
  label = 'Observações',
  ...props
}: Omit<TextareaFieldProps<T>, 'label'> & { label?: string }) {
  return <TextareaField label={label} maxLength={2000} rows={3} {...props} />;
}

type MoneyFieldProps<T extends FieldValues> = FieldItemProps<T> &
  Pick<ComponentProps<typeof CurrencyInput>, 'disabled' | 'allowNegative' | 'placeholder'> & {
    /**
     * What the form holds: `cents` (number or null), `text` (the text as typed; the schema turns
     * it into centavos) or `centsAndText` (`{ cents, text }`: the schema can tell a blank field
     * from text that is no amount).
     */
    holds?: 'cents' | 'text' | 'centsAndText';
  };

/** A CurrencyInput (R$) over one of the three shapes a form keeps money in. */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  className,
  holds = 'cents',
  ...currency
}: MoneyFieldProps<T>) {
  return (
    <FieldItem {...{ control, name, label, required, description, className }}>
      {(field) => {
        const common = { ref: field.ref, onBlur: field.onBlur, ...currency };
        if (holds === 'text') {
          return (
            <CurrencyInput
              {...common}
              name={field.name}
              value={parseCurrency(textOf(field.value))}
              onValueChange={(_cents, text) => field.onChange(text)}
            />
          );
        }
        if (holds === 'centsAndText') {
          const value = field.value as { cents: number | null } | undefined;
          return (
            <CurrencyInput
              {...common}
              value={value?.cents ?? null}
              onValueChange={(cents, text) => field.onChange({ cents, text })}
            />
          );
        }
        return (
          <CurrencyInput
            {...common}
            value={(field.value as number | null | undefined) ?? null}
            onValueChange={(cents) => field.onChange(cents)}
          />
        );
      }}
    </FieldItem>
  );
}

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
