import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useAddTeamMember } from '@/features/projects/api/add-team-member';
import { isNetworkError } from '@/lib/errors';
import { teamRoles } from '@/lib/labels';

interface AddMemberDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddMemberDialog({ projectId, open, onOpenChange }: AddMemberDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adicionar membro</DialogTitle>
          <DialogDescription>Inclua uma pessoa na equipe desta obra.</DialogDescription>
        </DialogHeader>
        {open ? <AddMemberForm projectId={projectId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddMemberForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const add = useAddTeamMember();
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [contact, setContact] = useState('');
  const [missing, setMissing] = useState({ name: false, role: false, contact: false });
  const busy = add.isPending;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { name: name.trim() === '', role: role === '', contact: contact.trim() === '' };
    setMissing(found);
    if (found.name || found.role || found.contact) {
      toast.error('Campos obrigatórios', { description: 'Por favor, preencha todos os campos.' });
      return;
    }
    add.mutate(
      { projectId, name: name.trim(), role, contact: contact.trim() },
      {
        onSuccess: (member) => {
          toast.success('Membro adicionado!', {
            description: `${member.name} foi adicionado à equipe.`,
          });
          onDone();
        },
        onError: (error) => {
          if (isNetworkError(error)) {
            toast.error('Erro inesperado', {
              description: 'Ocorreu um erro ao adicionar o membro.',
            });
          } else {
            toast.error('Erro', { description: 'Não foi possível adicionar o membro da equipe.' });
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
      <FormField label="Nome" required error={missing.name ? 'Informe o nome' : null}>
        <Input
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setMissing((current) => ({ ...current, name: false }));
          }}
          placeholder="Ex: José Pereira"
          maxLength={200}
          autoComplete="off"
          disabled={busy}
        />
      </FormField>
      <FormField label="Função" required error={missing.role ? 'Selecione a função' : null}>
        {(controlProps) => (
          <Select
            value={role}
            onValueChange={(value) => {
              setRole(value);
              setMissing((current) => ({ ...current, role: false }));
            }}
            disabled={busy}
          >
            <SelectTrigger {...controlProps}>
              <SelectValue placeholder="Selecione a função" />
            </SelectTrigger>
            <SelectContent>
              {teamRoles.map((teamRole) => (
                <SelectItem key={teamRole} value={teamRole}>
                  {teamRole}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Contato" required error={missing.contact ? 'Informe o contato' : null}>
        <Input
          value={contact}
          onChange={(event) => {
            setContact(event.target.value);
            setMissing((current) => ({ ...current, contact: false }));
          }}
          placeholder="Telefone ou email"
          maxLength={200}
          autoComplete="off"
          disabled={busy}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adicionando...' : 'Adicionar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
