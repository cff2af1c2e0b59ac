import { useContext, useId, useState, type SyntheticEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { useCreateProject } from '@/features/projects/api/create-project';
import {
  PriorityField,
  ProjectDateFields,
  ProjectStatusField,
} from '@/features/projects/components/project-fields';
import { StageChecklist } from '@/features/projects/components/stage-checklist';
import { projectErrorMessage } from '@/features/projects/lib/project-errors';
import {
  emptyNewProject,
  NEW_PROJECT_STATUSES,
  toCreateProjectArgs,
  validateNewProject,
  type NewProjectErrors,
  type NewProjectValues,
} from '@/features/projects/lib/project-form';
import { useClients } from '@/lib/api/lookups';
import { CurrentCompanyContext } from '@/lib/current-company';

const CREATE_FAILED_MESSAGE = 'Ocorreu um erro ao salvar a obra. Tente novamente.';

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
  const [values, setValues] = useState<NewProjectValues>(emptyNewProject);
  const [errors, setErrors] = useState<NewProjectErrors>({});
  const busy = createProject.isPending;

  function change(patch: Partial<NewProjectValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      if ('name' in patch) delete next.name;
      if ('address' in patch) delete next.address;
      if ('clientName' in patch) delete next.clientName;
      if ('budgetCents' in patch) delete next.budget;
      if ('startDate' in patch) delete next.startDate;
      if ('startDate' in patch || 'endDate' in patch) delete next.endDate;
      if ('stages' in patch) delete next.stages;
      return next;
    });
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateNewProject(values);
    setErrors(problem?.errors ?? {});
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    if (!company) {
      toast.error('Erro', { description: 'Empresa não encontrada. Faça login novamente.' });
      return;
    }
    createProject.mutate(toCreateProjectArgs(company.id, values), {
      onSuccess: (project) => {
        toast.success('Obra criada com sucesso!', {
          description: `${project.name} já aparece nas suas obras.`,
        });
        void navigate('/obras');
      },
      onError: (error) => {
        toast.error('Erro ao criar obra', {
          description: projectErrorMessage(error, CREATE_FAILED_MESSAGE),
        });
      },
    });
  }

  return (
    <>
      <PageHeader title="Nova Obra" backTo="/obras" />
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4" aria-label="Nova Obra">
        <Section title="Informações Gerais">
          <FormField label="Nome da obra" required error={errors.name}>
            <Input
              value={values.name}
              onChange={(event) => change({ name: event.target.value })}
              placeholder="Ex: Casa 005 - Jardim Europa"
              maxLength={200}
              autoComplete="off"
              disabled={busy}
            />
          </FormField>
          <FormField label="Descrição">
            <Textarea
              value={values.description}
              onChange={(event) => change({ description: event.target.value })}
              placeholder="Ex: Sobrado de 180 m² com 3 suítes"
              maxLength={2000}
              rows={3}
              disabled={busy}
            />
          </FormField>
          <FormField label="Endereço" required error={errors.address}>
            <Input
              value={values.address}
              onChange={(event) => change({ address: event.target.value })}
              placeholder="Rua, número - bairro"
              maxLength={300}
              autoComplete="street-address"
              disabled={busy}
            />
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <PriorityField
              value={values.priority}
              onChange={(priority) => change({ priority })}
              disabled={busy}
            />
            <ProjectStatusField
              value={values.status}
              statuses={NEW_PROJECT_STATUSES}
              onChange={(status) => change({ status })}
              disabled={busy}
            />
          </div>
        </Section>

        <Section title="Cliente">
          <FormField
            label="Nome do cliente"
            required
            error={errors.clientName}
            description="Escolha um cliente cadastrado ou digite um novo nome."
          >
            <Input
              list={clientListId}
              value={values.clientName}
              onChange={(event) => change({ clientName: event.target.value })}
              placeholder="Ex: João e Maria Souza"
              maxLength={200}
              autoComplete="off"
              disabled={busy}
            />
          </FormField>
          <ClientSuggestions id={clientListId} />
        </Section>

        <Section title="Planejamento">
          <FormField label="Orçamento" required error={errors.budget}>
            <CurrencyInput
              value={values.budgetCents}
              onValueChange={(cents) => change({ budgetCents: cents })}
              disabled={busy}
            />
          </FormField>
          <ProjectDateFields
            startDate={values.startDate}
            endDate={values.endDate}
            onChange={change}
            errors={errors}
            required
            disabled={busy}
          />
        </Section>

        <Section title="Etapas da Obra">
          <StageChecklist
            selected={values.stages}
            onChange={(stages) => change({ stages })}
            error={errors.stages}
            disabled={busy}
          />
        </Section>

        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" onClick={() => void navigate('/obras')} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Criando...' : 'Criar Obra'}
          </Button>
        </div>
      </form>
    </>
  );
}
