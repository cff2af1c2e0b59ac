// The obra's fields shared by Nova Obra (page) and Editar Obra (dialog): labels, limits and
// controls once; each screen places them in its own layout and says which are required.
import type { ComponentProps } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { NewProjectInput } from '@/features/projects/api/create-project';
import type { EditProjectInput } from '@/features/projects/api/update-project';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { isProjectPriority, isProjectStatus } from '@/features/projects/lib/project-view';
import { parseIsoDate } from '@/lib/dates';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';

const PRIORITIES = ['low', 'medium', 'high'] as const;

/** A Select of fixed choices for a shadcn FormItem: its trigger takes the FormControl's id and aria-*. */
function ChoiceSelect<T extends string>({
  value,
  choices,
  labels,
  isChoice,
  onChange,
  disabled,
}: {
  value: T;
  /** Offered in this order. */
  choices: readonly T[];
  labels: Record<T, string>;
  isChoice: (value: string) => value is T;
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        if (isChoice(next)) onChange(next);
      }}
      disabled={disabled}
    >
      <FormControl>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </FormControl>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice} value={choice}>
            {labels[choice]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The values Nova Obra and Editar Obra hold alike. The budget is the one field whose shape differs:
 * Nova Obra holds its centavos (blank = not given), Editar Obra also the text typed, since a blank
 * budget is allowed there but text that is no amount is not.
 */
export interface ObraFieldValues {
  name: string;
  description: string;
  address: string;
  clientName: string;
  startDate: string | null;
  endDate: string | null;
  priority: ProjectPriority;
  status: ProjectStatus;
  budgetCents?: number | null;
  budget?: { cents: number | null; text: string };
}

// Both forms must hold the shared fields in the shape above, or the fields below would misread them.
type HoldsObraFields<T extends ObraFieldValues> = T;
export type NewObraValues = HoldsObraFields<NewProjectInput>;
export type EditObraValues = HoldsObraFields<EditProjectInput>;

/** The fields live inside a shadcn Form (a FormProvider) over one of the two obra forms. */
function useObraControl() {
  return useFormContext<ObraFieldValues>().control;
}

interface ObraFieldProps {
  busy: boolean;
  /** Nova Obra asks for it (and marks it); Editar Obra does not. */
  required?: boolean;
  /** Nova Obra shows an example; Editar Obra shows the saved value. */
  placeholder?: string;
}

export function ObraNameField({ busy, placeholder }: Omit<ObraFieldProps, 'required'>) {
  return (
    <FormField
      control={useObraControl()}
      name="name"
      render={({ field }) => (
        <FormItem required>
          <FormLabel>Nome da obra</FormLabel>
          <FormControl>
            <Input
              {...field}
              placeholder={placeholder}
              maxLength={200}
              autoComplete="off"
              disabled={busy}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function ObraDescriptionField({ busy, placeholder }: Omit<ObraFieldProps, 'required'>) {
  return (
    <FormField
      control={useObraControl()}
      name="description"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Descrição</FormLabel>
          <FormControl>
            <Textarea
              {...field}
              placeholder={placeholder}
              maxLength={2000}
              rows={3}
              disabled={busy}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function ObraAddressField({
  busy,
  required = false,
  placeholder,
  autoComplete = 'off',
}: ObraFieldProps & { autoComplete?: string }) {
  return (
    <FormField
      control={useObraControl()}
      name="address"
      render={({ field }) => (
        <FormItem required={required}>
          <FormLabel>Endereço</FormLabel>
          <FormControl>
            <Input
              {...field}
              placeholder={placeholder}
              maxLength={300}
              autoComplete={autoComplete}
              disabled={busy}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function ObraClientField({
  busy,
  required = false,
  placeholder,
  label,
  list,
  description,
}: ObraFieldProps & {
  label: string;
  /** The id of a datalist of client names to suggest. */
  list?: string;
  description?: string;
}) {
  return (
    <FormField
      control={useObraControl()}
      name="clientName"
      render={({ field }) => (
        <FormItem required={required}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              list={list}
              placeholder={placeholder}
              maxLength={200}
              autoComplete="off"
              disabled={busy}
            />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Orçamento: `budgetCents` (Nova Obra) or `budget`, the centavos with the text typed (Editar). */
export function ObraBudgetField({
  busy,
  required = false,
  keepsText = false,
}: Omit<ObraFieldProps, 'placeholder'> & { keepsText?: boolean }) {
  const control = useObraControl();
  const item = (input: ComponentProps<typeof CurrencyInput>) => (
    <FormItem required={required}>
      <FormLabel>Orçamento</FormLabel>
      <FormControl>
        <CurrencyInput {...input} disabled={busy} />
      </FormControl>
      <FormMessage />
    </FormItem>
  );
  return keepsText ? (
    <FormField
      control={control}
      name="budget"
      render={({ field }) =>
        item({
          ref: field.ref,
          value: field.value?.cents ?? null,
          onValueChange: (cents, text) => field.onChange({ cents, text }),
          onBlur: field.onBlur,
        })
      }
    />
  ) : (
    <FormField
      control={control}
      name="budgetCents"
      render={({ field }) =>
        item({
          ref: field.ref,
          value: field.value ?? null,
          onValueChange: field.onChange,
          onBlur: field.onBlur,
        })
      }
    />
  );
}

/** Data de início and Previsão de término, side by side; the end cannot be picked before the start. */
export function ObraDateFields({ busy, required = false }: Omit<ObraFieldProps, 'placeholder'>) {
  const control = useObraControl();
  const start = parseIsoDate(useWatch({ control, name: 'startDate' }));
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField
        control={control}
        name="startDate"
        render={({ field }) => (
          <FormItem required={required}>
            <FormLabel>Data de início</FormLabel>
            <FormControl>
              <DatePicker value={field.value} onChange={field.onChange} disabled={busy} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="endDate"
        render={({ field }) => (
          <FormItem required={required}>
            <FormLabel>Previsão de término</FormLabel>
            <FormControl>
              <DatePicker
                value={field.value}
                onChange={field.onChange}
                disabledDays={start ? { before: start } : undefined}
                disabled={busy}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}

export function ObraPriorityField({ busy }: { busy: boolean }) {
  return (
    <FormField
      control={useObraControl()}
      name="priority"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Prioridade</FormLabel>
          <ChoiceSelect
            value={field.value}
            choices={PRIORITIES}
            labels={priorityLabels}
            isChoice={isProjectPriority}
            onChange={field.onChange}
            disabled={busy}
          />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Status, offering `statuses` in order (a new obra cannot start finished). */
export function ObraStatusField({
  busy,
  statuses,
}: {
  busy: boolean;
  statuses: readonly ProjectStatus[];
}) {
  return (
    <FormField
      control={useObraControl()}
      name="status"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Status</FormLabel>
          <ChoiceSelect
            value={field.value}
            choices={statuses}
            labels={projectStatusLabels}
            isChoice={isProjectStatus}
            onChange={field.onChange}
            disabled={busy}
          />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
