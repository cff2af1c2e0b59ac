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
import {
  useInviteMember,
  type CreatedInvitation,
  type InviteInput,
} from '@/features/preferences/api/invite-member';
import { getErrorMessage } from '@/lib/errors';
import { memberRoleLabels } from '@/lib/labels';

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

interface InviteMemberFormProps {
  /** Active members' addresses (lower-case): inviting them again is refused. */
  memberEmails: string[];
  /** The invitation and the secret of its link, which the database returns only this once. */
  onInvited: (invitation: CreatedInvitation) => void;
}

/**
 * Admins invite an e-mail with a role; that person joins by opening the invitation link and
 * signing in with that e-mail.
 */
export function InviteMemberForm({ memberEmails, onInvited }: InviteMemberFormProps) {
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
    // mutateAsync: the link is returned only once, so it must reach the card even if a
    // re-render unmounts this form meanwhile.
    invite.mutateAsync({ email: value, role }).then(
      (invitation) => {
        toast.success('Convite criado!', {
          description: `Copie o link do convite e envie para ${invitation.email}.`,
        });
        onInvited(invitation);
        setEmail('');
        setRole('member');
      },
      (err: unknown) =>
        toast.error('Erro ao convidar usuário', { description: getErrorMessage(err) }),
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
