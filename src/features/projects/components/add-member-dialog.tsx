import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { plainOptions, SelectField } from '@/components/choice-fields';
import { TextField } from '@/components/form-fields';
import {
  addTeamMemberInput,
  useAddTeamMember,
  type AddTeamMemberInput,
} from '@/features/projects/api/add-team-member';
import { toastProjectSaveError } from '@/features/projects/lib/project-errors';
import { teamRoles } from '@/lib/labels';

interface AddMemberDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddMemberDialog({ projectId, open, onOpenChange }: AddMemberDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Adicionar membro"
      description="Inclua uma pessoa na equipe desta obra."
    >
      {open ? <AddMemberForm projectId={projectId} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function AddMemberForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const add = useAddTeamMember();
  const form = useForm({
    resolver: zodResolver(addTeamMemberInput),
    defaultValues: { projectId, name: '', role: '', contact: '' } satisfies AddTeamMemberInput,
  });
  const busy = add.isPending;

  async function onValid(values: AddTeamMemberInput) {
    let member;
    try {
      member = await add.mutateAsync(values);
    } catch (error) {
      toastProjectSaveError(error, {
        network: 'Ocorreu um erro ao adicionar o membro.',
        other: 'Não foi possível adicionar o membro da equipe.',
      });
      return;
    }
    toast.success('Membro adicionado!', {
      description: `${member.name} foi adicionado à equipe.`,
    });
    onDone();
  }

  function onInvalid() {
    toast.error('Campos obrigatórios', { description: 'Por favor, preencha todos os campos.' });
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      busy={busy}
      onCancel={onDone}
      submitLabel="Adicionar"
      busyLabel="Adicionando..."
    >
      <TextField
        control={form.control}
        name="name"
        label="Nome"
        required
        placeholder="Ex: José Pereira"
        maxLength={200}
        autoComplete="off"
        disabled={busy}
      />
      <SelectField
        control={form.control}
        name="role"
        label="Função"
        required
        options={plainOptions(teamRoles)}
        placeholder="Selecione a função"
        disabled={busy}
      />
      <TextField
        control={form.control}
        name="contact"
        label="Contato"
        required
        placeholder="Telefone ou email"
        maxLength={200}
        autoComplete="off"
        disabled={busy}
      />
    </DialogForm>
  );
}
