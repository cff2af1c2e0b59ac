import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { FixedSelect } from '@/components/pickers/option-select';
import type { Member } from '@/features/preferences/api/get-members';
import {
  memberAccessInput,
  useSetMemberAccess,
  type MemberAccessInput,
} from '@/features/preferences/api/set-member-access';
import { ProjectIdsField } from '@/features/preferences/components/project-ids-field';
import { roleLabels } from '@/lib/labels';
import { isRole, ROLES } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';

interface MemberAccessDialogProps {
  /** The member whose role and obras change; null closes the dialog. */
  member: Member | null;
  /** The obras the member may see now (for an 'obra' member). */
  projectIds: string[];
  onOpenChange: (open: boolean) => void;
}

/** An admin changes a member's role and, for Engenheiro / Encarregado, their obras. */
export function MemberAccessDialog({ member, projectIds, onOpenChange }: MemberAccessDialogProps) {
  return (
    <FormDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title="Alterar perfil"
      description={member ? `${member.full_name} · ${member.email}` : null}
      className="max-h-[90dvh] overflow-y-auto"
    >
      {member ? (
        <MemberAccessForm
          key={member.id}
          member={member}
          projectIds={projectIds}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}

function MemberAccessForm({
  member,
  projectIds,
  onDone,
}: {
  member: Member;
  projectIds: string[];
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(memberAccessInput),
    defaultValues: {
      profileId: member.id,
      role: isRole(member.role) ? member.role : 'leitura',
      projectIds,
    } satisfies MemberAccessInput,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const save = useSetMemberAccess();

  async function onValid() {
    try {
      await save.mutateAsync(form.getValues());
      toast.success('Perfil alterado!');
      onDone();
    } catch (error) {
      toastError('Erro ao alterar perfil', error);
    }
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      busy={save.isPending}
      onCancel={onDone}
    >
      <FormField
        control={form.control}
        name="role"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Papel</FormLabel>
            <FormControl>
              <FixedSelect
                value={field.value}
                onChange={field.onChange}
                ref={field.ref}
                onBlur={field.onBlur}
                options={ROLES.map((value) => ({ value, label: roleLabels[value] }))}
                disabled={save.isPending}
              />
            </FormControl>
          </FormItem>
        )}
      />
      {role === 'obra' ? <ProjectIdsField disabled={save.isPending} /> : null}
    </DialogForm>
  );
}
