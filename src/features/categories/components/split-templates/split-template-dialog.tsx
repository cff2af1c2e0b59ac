// Novo / Editar rateio padrão (issue 33): name, where it is offered, the method, and either the
// categoria of a budget split or the parts of a fixed one (obra or Geral, etapa, categoria, %).
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { SelectField, optionsOf } from '@/components/choice-fields';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { FieldItem, TextField } from '@/components/form-fields';
import { OptionSelect } from '@/components/pickers/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCategories, useProjects } from '@/lib/api/lookups';
import { useProjectStages } from '@/lib/api/project-stages';
import {
  SPLIT_TEMPLATE_KIND_LABELS,
  SPLIT_TEMPLATE_METHOD_LABELS,
  type SplitTemplate,
} from '@/lib/api/split-templates';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import {
  formatPercentHundredths,
  parsePercentHundredths,
  splitTemplateInput,
  templateFormValues,
  useSaveSplitTemplate,
  type SplitTemplateInput,
} from '@/features/categories/api/split-templates';

interface SplitTemplateDialogProps {
  open: boolean;
  /** The template being edited; null = a new one. */
  template: SplitTemplate | null;
  onOpenChange: (open: boolean) => void;
}

export function SplitTemplateDialog({ open, template, onOpenChange }: SplitTemplateDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={template ? 'Editar rateio padrão' : 'Novo rateio padrão'}
      description="Como dividir uma conta entre obras e categorias, aplicado com um toque em Lançar."
      className="max-h-[90dvh] overflow-y-auto"
    >
      {open ? (
        <SplitTemplateForm
          key={template?.id ?? 'new'}
          template={template}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}

const KIND_OPTIONS = optionsOf(SPLIT_TEMPLATE_KIND_LABELS);
const METHOD_OPTIONS = optionsOf(SPLIT_TEMPLATE_METHOD_LABELS);
const NEW_PART = { project_id: null, stage_id: null, category_id: null, percent: '' };

function SplitTemplateForm({
  template,
  onDone,
}: {
  template: SplitTemplate | null;
  onDone: () => void;
}) {
  const form = useForm<SplitTemplateInput>({
    resolver: zodResolver(splitTemplateInput),
    defaultValues: templateFormValues(template),
  });
  const save = useSaveSplitTemplate();
  const [kind, method] = useWatch({ control: form.control, name: ['kind', 'method'] });
  const defaultId = useId();

  async function onValid(values: SplitTemplateInput) {
    try {
      await save.mutateAsync({ input: values, editing: template });
    } catch (failure) {
      // The dialog stays open with what was typed.
      toastError('Erro ao salvar rateio padrão', failure);
      return;
    }
    toast.success(template ? 'Rateio padrão atualizado!' : 'Rateio padrão criado!');
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      busy={save.isPending}
      onCancel={onDone}
      submitLabel={template ? 'Salvar' : 'Criar rateio padrão'}
      aria-label="Rateio padrão"
    >
      <TextField
        control={form.control}
        name="name"
        label="Nome"
        required
        maxLength={100}
        autoComplete="off"
        placeholder="Ex: Despesas administrativas"
      />
      <SelectField control={form.control} name="kind" label="Usar em" options={KIND_OPTIONS} />
      <SelectField
        control={form.control}
        name="method"
        label="Como dividir"
        options={METHOD_OPTIONS}
        description={
          method === 'budget'
            ? 'Entre as obras em planejamento ou em andamento, na proporção do orçamento de cada uma.'
            : undefined
        }
      />
      {method === 'budget' ? (
        kind === 'both' ? null : (
          <CategoryField name="category_id" kind={kind} label="Categoria" />
        )
      ) : (
        <PartsFields />
      )}
      <FieldItem control={form.control} name="is_default" label="Rateio padrão de Lançar" bare>
        {(field) => (
          <div className="flex items-center gap-3">
            <Switch
              id={defaultId}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              aria-label="Aplicar com um toque"
            />
            <Label htmlFor={defaultId} className="font-normal text-muted-foreground">
              Aplicar com um toque (substitui o padrão atual deste tipo)
            </Label>
          </div>
        )}
      </FieldItem>
    </DialogForm>
  );
}

function CategoryField({
  name,
  kind,
  label,
}: {
  name: 'category_id' | `parts.${number}.category_id`;
  kind: SplitTemplateInput['kind'];
  label: string;
}) {
  const { control } = useFormContext<SplitTemplateInput>();
  const categories = useCategories({ type: kind === 'income' ? 'income' : 'expense' });
  return (
    <FieldItem control={control} name={name} label={label} bare>
      {(field) => (
        <OptionSelect
          value={typeof field.value === 'string' ? field.value : null}
          onChange={field.onChange}
          ref={field.ref}
          onBlur={field.onBlur}
          options={categories.data ?? []}
          noneLabel="Sem categoria"
          aria-label={label}
        />
      )}
    </FieldItem>
  );
}

function PartsFields() {
  const { control, formState } = useFormContext<SplitTemplateInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'parts' });
  const parts = useWatch({ control, name: 'parts' });
  const kind = useWatch({ control, name: 'kind' });
  const total = parts.reduce((sum, part) => sum + (parsePercentHundredths(part.percent) ?? 0), 0);
  const partsError = formState.errors.parts?.root?.message ?? formState.errors.parts?.message;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Partes</legend>
      {fields.length === 0 ? (
        <Button type="button" variant="outline" onClick={() => append([NEW_PART, NEW_PART])}>
          <Plus aria-hidden="true" />
          Adicionar partes
        </Button>
      ) : null}
      <ol className="grid gap-3">
        {fields.map((item, index) => (
          <PartRow
            key={item.id}
            index={index}
            kind={kind}
            onRemove={fields.length > 2 ? () => remove(index) : undefined}
          />
        ))}
      </ol>
      {fields.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm" role="status">
            {total === 10000
              ? 'Total: 100%'
              : total < 10000
                ? `Falta ${formatPercentHundredths(10000 - total)}%`
                : `Passou ${formatPercentHundredths(total - 10000)}% de 100%`}
          </p>
          {fields.length < 50 ? (
            <Button type="button" variant="outline" size="sm" onClick={() => append(NEW_PART)}>
              <Plus aria-hidden="true" />
              Adicionar parte
            </Button>
          ) : null}
        </div>
      ) : null}
      {partsError ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {partsError}
        </p>
      ) : null}
    </fieldset>
  );
}

function PartRow({
  index,
  kind,
  onRemove,
}: {
  index: number;
  kind: SplitTemplateInput['kind'];
  onRemove?: () => void;
}) {
  const { control, setValue } = useFormContext<SplitTemplateInput>();
  const projectId = useWatch({ control, name: `parts.${index}.project_id` });
  // Closed obras take no new part (the database refuses them).
  const projects = useProjects();
  const open = (projects.data ?? []).filter(
    (p) => p.status !== 'completed' && p.status !== 'cancelled',
  );
  const stages = useProjectStages(projectId);
  const n = index + 1;
  return (
    <li className="grid gap-2 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1.5fr_6rem_auto] lg:items-end">
      <FieldItem
        control={control}
        name={`parts.${index}.project_id`}
        label={`Obra da parte ${n}`}
        bare
      >
        {(field) => (
          <OptionSelect
            value={typeof field.value === 'string' ? field.value : null}
            onChange={(value) => {
              field.onChange(value);
              setValue(`parts.${index}.stage_id`, null);
            }}
            ref={field.ref}
            onBlur={field.onBlur}
            options={open}
            noneLabel="Geral"
            aria-label={`Obra da parte ${n}`}
          />
        )}
      </FieldItem>
      {projectId && stages.data && stages.data.length > 0 ? (
        <FieldItem
          control={control}
          name={`parts.${index}.stage_id`}
          label={`Etapa da parte ${n}`}
          bare
        >
          {(field) => (
            <OptionSelect
              value={typeof field.value === 'string' ? field.value : null}
              onChange={field.onChange}
              options={stages.data}
              noneLabel="Sem etapa"
              aria-label={`Etapa da parte ${n}`}
            />
          )}
        </FieldItem>
      ) : (
        <div className="hidden lg:block" />
      )}
      {kind === 'both' ? (
        <div className="hidden lg:block" />
      ) : (
        <CategoryField
          name={`parts.${index}.category_id`}
          kind={kind}
          label={`Categoria da parte ${n}`}
        />
      )}
      <FieldItem control={control} name={`parts.${index}.percent`} label={`% da parte ${n}`}>
        {(field) => (
          <Input
            {...field}
            value={typeof field.value === 'string' ? field.value : ''}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Ex: 60"
          />
        )}
      </FieldItem>
      {onRemove ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={`Remover parte ${n}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
