// The obra's fields shared by Nova Obra (page) and Editar Obra (dialog): labels, limits and
// controls once; each screen places them in its own layout and says which are required.
import { useFormContext, useWatch } from 'react-hook-form';
import { DateField, SelectField } from '@/components/choice-fields';
import { MoneyField, TextareaField, TextField } from '@/components/form-fields';
import type { NewProjectInput } from '@/features/projects/api/create-project';
import type { EditProjectInput } from '@/features/projects/api/update-project';
import type { ProjectPriority, ProjectStatus } from '@/features/projects/lib/project-form';
import { parseIsoDate } from '@/lib/dates';
import { priorityLabels, projectStatusLabels } from '@/lib/labels';

const PRIORITIES = ['low', 'medium', 'high'] as const;

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
  const control = useObraControl();
  return (
    <TextField
      control={control}
      name="name"
      label="Nome da obra"
      required
      placeholder={placeholder}
      maxLength={200}
      autoComplete="off"
      disabled={busy}
    />
  );
}

export function ObraDescriptionField({ busy, placeholder }: Omit<ObraFieldProps, 'required'>) {
  const control = useObraControl();
  return (
    <TextareaField
      control={control}
      name="description"
      label="Descrição"
      placeholder={placeholder}
      maxLength={2000}
      rows={3}
      disabled={busy}
    />
  );
}

export function ObraAddressField({
  busy,
  required = false,
  placeholder,
  autoComplete = 'off',
}: ObraFieldProps & { autoComplete?: string }) {
  const control = useObraControl();
  return (
    <TextField
      control={control}
      name="address"
      label="Endereço"
      required={required}
      placeholder={placeholder}
      maxLength={300}
      autoComplete={autoComplete}
      disabled={busy}
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
  const control = useObraControl();
  return (
    <TextField
      control={control}
      name="clientName"
      label={label}
      required={required}
      description={description}
      list={list}
      placeholder={placeholder}
      maxLength={200}
      autoComplete="off"
      disabled={busy}
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
  return (
    <MoneyField
      control={control}
      name={keepsText ? 'budget' : 'budgetCents'}
      label="Orçamento"
      required={required}
      holds={keepsText ? 'centsAndText' : 'cents'}
      disabled={busy}
    />
  );
}

/** Data de início and Previsão de término, side by side; the end cannot be picked before the start. */
export function ObraDateFields({ busy, required = false }: Omit<ObraFieldProps, 'placeholder'>) {
  const control = useObraControl();
  const start = parseIsoDate(useWatch({ control, name: 'startDate' }));
  return (
    <div className="grid grid-cols-2 gap-3">
      <DateField
        control={control}
        name="startDate"
        label="Data de início"
        required={required}
        disabled={busy}
      />
      <DateField
        control={control}
        name="endDate"
        label="Previsão de término"
        required={required}
        disabledDays={start ? { before: start } : undefined}
        disabled={busy}
      />
    </div>
  );
}

export function ObraPriorityField({ busy }: { busy: boolean }) {
  const control = useObraControl();
  return (
    <SelectField
      control={control}
      name="priority"
      label="Prioridade"
      options={PRIORITIES.map((value) => ({ value, label: priorityLabels[value] }))}
      disabled={busy}
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
  const control = useObraControl();
  return (
    <SelectField
      control={control}
      name="status"
      label="Status"
      options={statuses.map((value) => ({ value, label: projectStatusLabels[value] }))}
      disabled={busy}
    />
  );
}
