import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
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
import {
  addTeamMemberInput,
  useAddTeamMember,
  type AddTeamMemberInput,
} from '@/features/projects/api/add-team-member';
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
      if (isNetworkError(error)) {
        toast.error('Erro inesperado', {
          description: 'Ocorreu um erro ao adicionar o membro.',
        });
      } else {
        toast.error('Erro', { description: 'Não foi possível adicionar o membro da equipe.' });
      }
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
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        className="grid grid-cols-1 gap-4"
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Nome</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  placeholder="Ex: José Pereira"
                  maxLength={200}
                  autoComplete="off"
                  disabled={busy}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="role"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Função</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} disabled={busy}>
                <FormControl>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder="Selecione a função" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {teamRoles.map((teamRole) => (
                    <SelectItem key={teamRole} value={teamRole}>
                      {teamRole}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="contact"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Contato</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  placeholder="Telefone ou email"
                  maxLength={200}
                  autoComplete="off"
                  disabled={busy}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Adicionando...' : 'Adicionar'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
