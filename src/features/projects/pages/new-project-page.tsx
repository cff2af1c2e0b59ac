import { zodResolver } from '@hookform/resolvers/zod';
import { useContext, useEffect, useId, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import {
  emptyNewProject,
  newProjectInput,
  useCreateProject,
  type NewProjectInput,
  type NewProjectPayload,
} from '@/features/projects/api/create-project';
import {
  ObraAddressField,
  ObraBudgetField,
  ObraClientField,
  ObraDateFields,
  ObraDescriptionField,
  ObraNameField,
  ObraPriorityField,
  ObraStatusField,
  type NewObraValues,
} from '@/features/projects/components/project-fields';
import { StageChecklist } from '@/features/projects/components/stage-checklist';
import { toastProjectError } from '@/features/projects/lib/project-errors';
import {
  DATES_MESSAGE,
  DATES_TITLE,
  NEW_PROJECT_STATUSES,
  REQUIRED_MESSAGE,
  REQUIRED_TITLE,
  STAGES_TITLE,
} from '@/features/projects/lib/project-form';
import { useClients } from '@/lib/api/lookups';
import { CurrentCompanyContext } from '@/lib/current-company';

const CREATE_FAILED_MESSAGE = 'Ocorreu um erro ao salvar a obra. Tente novamente.';

/** The fields whose message a change withdraws: a new start also withdraws the end's. */
const CLEARED_BY_CHANGE = {
  name: ['name'],
  address: ['address'],
  clientName: ['clientName'],
  budgetCents: ['budgetCents'],
  startDate: ['startDate', 'endDate'],
  endDate: ['endDate'],
  stages: ['stages'],
} as const satisfies Partial<Record<keyof NewProjectInput, (keyof NewProjectInput)[]>>;

function isClearedByChange(name: string | undefined): name is keyof typeof CLEARED_BY_CHANGE {
  return name !== undefined && Object.hasOwn(CLEARED_BY_CHANGE, name);
}

/** Missing fields first, all at once; then the one problem left (the schema tells one at a time). */
function toastInvalid(errors: FieldErrors<NewProjectInput>) {
  if (errors.stages?.message) {
    toast.error(STAGES_TITLE, { description: errors.stages.message });
  } else if (errors.endDate?.message === DATES_MESSAGE) {
    toast.error(DATES_TITLE, { description: DATES_MESSAGE });
  } else {
    toast.error(REQUIRED_TITLE, { description: REQUIRED_MESSAGE });
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">{title}</h2>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>
    </Card>
  );
}

/** Client names to suggest: the company's active clients (free text is still accepted). */
function ClientSuggestions({ id }: { id: string }) {
  const clients = useClients();
  return (
    <datalist id={id}>
      {(clients.data ?? []).map((client) => (
        <option key={client.id} value={client.name} />
      ))}
    </datalist>
  );
}

export function NewProjectPage() {
  // Read without the throwing hook: SPEC §5 wants "Empresa não encontrada" when there is none.
  const company = useContext(CurrentCompanyContext);
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const clientListId = useId();
  const form = useForm<NewObraValues, unknown, NewProjectPayload>({
    resolver: zodResolver(newProjectInput),
    // Messages show on Criar Obra; a field's message goes when that field changes.
    reValidateMode: 'onSubmit',
    defaultValues: emptyNewProject,
  });
  const busy = createProject.isPending;

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (isClearedByChange(name)) form.clearErrors(CLEARED_BY_CHANGE[name]);
        },
      }),
    [form],
  );

  async function onValid(payload: NewProjectPayload) {
    if (!company) {
      toast.error('Erro', { description: 'Empresa não encontrada. Faça login novamente.' });
      return;
    }
    let project: Awaited<ReturnType<typeof createProject.mutateAsync>>;
    try {
      project = await createProject.mutateAsync({ ...payload, p_company_id: company.id });
    } catch (error) {
      // What was typed stays, so the user can try again.
      toastProjectError('Erro ao criar obra', error, CREATE_FAILED_MESSAGE);
      return;
    }
    toast.success('Obra criada com sucesso!', {
      description: `${project.name} já aparece nas suas obras.`,
    });
    void navigate('/obras');
  }

  return (
    <>
      <PageHeader title="Nova Obra" backTo="/obras" />
      <Form {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit(onValid, toastInvalid)}
          // From lg (the office desktop) the sections sit two by two; the buttons span both.
          className="grid grid-cols-1 gap-4 lg:grid-cols-2"
          aria-label="Nova Obra"
        >
          <Section title="Informações Gerais">
            <ObraNameField busy={busy} placeholder="Ex: Casa 005 - Jardim Europa" />
            <ObraDescriptionField busy={busy} placeholder="Ex: Sobrado de 180 m² com 3 suítes" />
            <ObraAddressField
              busy={busy}
              required
              placeholder="Rua, número - bairro"
              autoComplete="street-address"
            />
            <div className="grid grid-cols-2 gap-3">
              <ObraPriorityField busy={busy} />
              <ObraStatusField busy={busy} statuses={NEW_PROJECT_STATUSES} />
            </div>
          </Section>

          <Section title="Cliente">
            <ObraClientField
              busy={busy}
              required
              label="Nome do cliente"
              list={clientListId}
              placeholder="Ex: João e Maria Souza"
              description="Escolha um cliente cadastrado ou digite um novo nome."
            />
            <ClientSuggestions id={clientListId} />
          </Section>

          <Section title="Planejamento">
            <ObraBudgetField busy={busy} required />
            <ObraDateFields busy={busy} required />
          </Section>

          <Section title="Etapas da Obra">
            <FormField
              control={form.control}
              name="stages"
              render={({ field }) => (
                <FormItem>
                  <FormControl>
                    <StageChecklist
                      selected={field.value}
                      onChange={field.onChange}
                      disabled={busy}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </Section>

          <div className="grid grid-cols-2 gap-3 lg:col-span-2 lg:flex lg:justify-end">
            <Button variant="outline" onClick={() => void navigate('/obras')} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Criando...' : 'Criar Obra'}
            </Button>
          </div>
        </form>
      </Form>
    </>
  );
}
