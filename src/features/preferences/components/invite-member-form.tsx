import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/choice-fields';
import { TextField } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import {
  inviteMemberSchema,
  useInviteMember,
  type CreatedInvitation,
  type InviteInput,
} from '@/features/preferences/api/invite-member';
import { roleLabels } from '@/lib/labels';
import { ROLES } from '@/lib/roles';
import { ProjectIdsField } from '@/features/preferences/components/project-ids-field';

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
  const schema = useMemo(() => inviteMemberSchema(memberEmails), [memberEmails]);
  const form = useForm({
    resolver: zodResolver(schema),
    // The message shows on submit and goes away as soon as the address is edited.
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', role: 'financeiro', projectIds: [] } satisfies InviteInput,
  });
  const invite = useInviteMember();
  const role = useWatch({ control: form.control, name: 'role' });

  async function onValid(values: InviteInput) {
    let invitation: CreatedInvitation;
    try {
      // mutateAsync: the link is returned only once, so it must reach the card even if a
      // re-render unmounts this form meanwhile.
      invitation = await invite.mutateAsync(values);
    } catch (error) {
      toastError('Erro ao convidar usuário', error);
      return;
    }
    toast.success('Convite criado!', {
      description: `Copie o link do convite e envie para ${invitation.email}.`,
    });
    onInvited(invitation);
    form.reset();
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onValid)}
        noValidate
        className="grid gap-3"
        aria-label="Convidar usuário"
      >
        <TextField
          control={form.control}
          name="email"
          label="Email do novo usuário"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="nome@empresa.com"
          maxLength={254}
          onChange={() => form.clearErrors('email')}
        />
        <SelectField
          control={form.control}
          name="role"
          label="Papel"
          options={ROLES.map((value) => ({ value, label: roleLabels[value] }))}
        />
        {role === 'obra' ? <ProjectIdsField /> : null}
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Convidando...' : 'Convidar'}
        </Button>
      </form>
    </Form>
  );
}
