import type { FocusEventHandler, Ref } from 'react';
import { LOOKUP_OFFLINE_TEXT } from '@/components/query-state';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

/** Radix Select has no empty value: "none" (Geral, Sem categoria, Não definida…) travels as this. */
export const NONE_VALUE = '__none__';

export interface PickerOption {
  id: string;
  name: string;
}

/** What a FormControl / FormField gives the control: its id and aria-* go to the trigger. */
export interface PickerTriggerProps {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/** A form field's ref and blur, for the trigger (react-hook-form focuses an invalid field by it). */
export interface PickerFieldProps {
  ref?: Ref<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
}

export interface OptionSelectProps extends PickerTriggerProps, PickerFieldProps {
  /** The chosen row's id; null is the "none" option. */
  value: string | null;
  onChange: (value: string | null) => void;
  options: PickerOption[];
  /** The label of the null option ("Geral", "Não definido"…); without it, no null option. */
  noneLabel?: string;
  /** Shown while nothing is chosen and there is no null option. */
  placeholder?: string;
  disabled?: boolean;
  /** Offline with the rows never saved on the device: the open list says so instead of being empty. */
  offline?: boolean;
}

/** A Select over rows plus an optional "none" that stands for null. */
export function OptionSelect({
  value,
  onChange,
  options,
  noneLabel,
  placeholder,
  disabled,
  offline = false,
  ...trigger
}: OptionSelectProps) {
  const selected = value ?? (noneLabel === undefined ? '' : NONE_VALUE);
  return (
    <Select
      value={selected}
      onValueChange={(next) => onChange(next === NONE_VALUE ? null : next)}
      disabled={disabled}
    >
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {offline ? (
          // A labelled group, not a status paragraph: a listbox may hold only options and groups.
          <SelectGroup>
            <SelectLabel className="text-sm font-normal">{LOOKUP_OFFLINE_TEXT}</SelectLabel>
          </SelectGroup>
        ) : null}
        {noneLabel !== undefined ? <SelectItem value={NONE_VALUE}>{noneLabel}</SelectItem> : null}
        {options.map((option) => (
          <SelectItem key={option.id} value={option.id}>
            {option.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The rows to offer, plus the one the record already names when the list no longer has it (an
 * archived account or category stays selectable as it is).
 */
export function withCurrent(
  options: PickerOption[],
  current?: PickerOption | null,
): PickerOption[] {
  if (!current || options.some((option) => option.id === current.id)) return options;
  return [...options, current];
}

/** One choice of a fixed list: the value the form or filter holds and the words shown. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/**
 * A Select over a fixed list (statuses, roles, periods, DRE lines), never empty: no null option.
 * Trigger props (id, aria-*, ref, onBlur) go to the trigger, so it can sit in a FormControl.
 */
export function FixedSelect<V extends string>({
  value,
  onChange,
  options,
  placeholder,
  disabled,
  ...trigger
}: PickerTriggerProps &
  PickerFieldProps & {
    /** '' while nothing is chosen (the placeholder shows). */
    value: V | '';
    onChange: (value: V) => void;
    options: readonly SelectOption<V>[];
    placeholder?: string;
    disabled?: boolean;
    /** On the trigger, e.g. its width. */
    className?: string;
  }) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
