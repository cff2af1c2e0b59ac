// The form fields over heavier controls (Radix Select, the date picker, the colour swatches); the
// text and money fields and FieldItem are in form-fields.tsx.
import { useId, type ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import {
  FieldItem,
  textOf,
  type FieldItemProps,
  type FormControlOf,
} from '@/components/form-fields';
import { ColorPicker } from '@/components/ui/color-picker';
import { DatePicker } from '@/components/ui/date-picker';
import { FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { FixedSelect, type SelectOption } from '@/components/pickers/option-select';

type DateFieldProps<T extends FieldValues> = FieldItemProps<T> &
  Pick<ComponentProps<typeof DatePicker>, 'disabled' | 'disabledDays' | 'placeholder'>;

/** A DatePicker over a `yyyy-MM-dd` string or null. */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  className,
  ...picker
}: DateFieldProps<T>) {
  return (
    <FieldItem {...{ control, name, label, required, description, className }}>
      {(field) => (
        <DatePicker
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          {...picker}
        />
      )}
    </FieldItem>
  );
}

/** `{ value: label }` (the label maps of `src/lib/labels.ts`) as options, in their order. */
export function optionsOf(labels: Readonly<Record<string, string>>): SelectOption[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** Options whose label is their value (e.g. `teamRoles`). */
export function plainOptions(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}

type SelectFieldProps<T extends FieldValues> = FieldItemProps<T> & {
  options: readonly SelectOption[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  disabled?: boolean;
};

/** A Select of fixed options over a string; its trigger takes the FormControl's id and aria-*. */
export function SelectField<T extends FieldValues>({
  options,
  placeholder,
  disabled,
  ...item
}: SelectFieldProps<T>) {
  return (
    <FieldItem {...item}>
      {(field) => (
        <FixedSelect
          value={textOf(field.value)}
          onChange={field.onChange}
          ref={field.ref}
          onBlur={field.onBlur}
          options={options}
          placeholder={placeholder}
          disabled={disabled}
        />
      )}
    </FieldItem>
  );
}

/** "Cor": the colour swatches, a radio group named by the label (no FormItem: it cannot be wrong). */
export function ColorField<T extends FieldValues>({
  control,
  name,
  label = 'Cor',
  disabled,
  className,
}: {
  control: FormControlOf<T>;
  name: FieldPath<T>;
  label?: string;
  disabled?: boolean;
  /** On the swatches' grid, e.g. more columns on a wide screen. */
  className?: string;
}) {
  const labelId = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <div className="grid gap-2">
          <Label id={labelId} asChild>
            <span>{label}</span>
          </Label>
          <ColorPicker
            aria-labelledby={labelId}
            value={field.value}
            onValueChange={field.onChange}
            disabled={disabled}
            className={className}
          />
        </div>
      )}
    />
  );
}
