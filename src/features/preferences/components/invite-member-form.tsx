import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useInviteMember, type InviteInput } from '@/features/preferences/api/invite-member';
import { getErrorMessage } from '@/lib/errors';
import { memberRoleLabels } from '@/lib/labels';

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Admins invite an e-mail with a role; that person joins after signing in with that e-mail. */
export function InviteMemberForm({ memberEmails }: { memberEmails: string[] }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteInput['role']>('member');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteMember();

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    const problem = !value
      ? 'Informe o email de quem você quer convidar'
      : !EMAIL_PATTERN.test(value)
        ? 'Informe um email válido'
        : memberEmails.includes(value)
          ? 'Este email já faz parte da empresa'
          : null;
    setError(problem);
    if (problem) return;
    invite.mutate(
      { email: value, role },
      {
        onSuccess: () => {
          toast.success('Convite enviado!', {
            description: `${value} entrará na empresa ao acessar o app com este email.`,
          });
          setEmail('');
          setRole('member');
        },
        onError: (err) =>
          toast.error('Erro ao convidar usuário', { description: getErrorMessage(err) }),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Convidar usuário">
      <FormField label="Email do novo usuário" error={error}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="nome@empresa.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
      </FormField>
      <FormField label="Papel">
        {(props) => (
          <Select value={role} onValueChange={(v) => setRole(v === 'admin' ? 'admin' : 'member')}>
            <SelectTrigger {...props}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="member">{memberRoleLabels.member}</SelectItem>
              <SelectItem value="admin">{memberRoleLabels.admin}</SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Convidando...' : 'Convidar'}
      </Button>
    </form>
  );
}
