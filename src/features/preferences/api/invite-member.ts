import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
// The answer's schema (zod's mini build, as every RPC answer); the form's input is classic zod.
import * as zm from 'zod/mini';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { registerErrorMessages } from '@/lib/errors';
import { ROLES, type Role } from '@/lib/roles';
import { supabase } from '@/lib/supabase';

registerErrorMessages({
  last_admin: 'A empresa precisa de pelo menos um administrador ativo.',
});

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** An 'obra' member sees only the obras chosen: at least one (the database says the same). */
export const PROJECTS_REQUIRED = 'Escolha ao menos uma obra para este perfil.';

/** A role and, for 'obra', its obras (ignored for the other roles). */
export const roleAndProjects = {
  role: z.enum(ROLES),
  projectIds: z.array(z.string()),
};

export function requireProjects<T extends { role: Role; projectIds: string[] }>(
  schema: z.ZodType<T, T>,
) {
  return schema
    .refine(({ role, projectIds }) => role !== 'obra' || projectIds.length > 0, {
      message: PROJECTS_REQUIRED,
      path: ['projectIds'],
    })
    .transform((values) => ({
      ...values,
      projectIds: values.role === 'obra' ? values.projectIds : [],
    }));
}

/** The invited address (trimmed, lower-case), the role it joins with and, for 'obra', its obras. */
export const inviteInput = requireProjects(
  z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Informe o email de quem você quer convidar')
      .regex(EMAIL_PATTERN, 'Informe um email válido'),
    ...roleAndProjects,
  }),
);
export type InviteInput = z.input<typeof inviteInput>;

/** The invite form: also refuses the address of an active member (`memberEmails`, lower-case). */
export function inviteMemberSchema(memberEmails: readonly string[]) {
  return inviteInput.refine(({ email }) => !memberEmails.includes(email), {
    message: 'Este email já faz parte da empresa',
    path: ['email'],
  });
}

const createdInvitation = zm.object({
  id: zm.string(),
  email: zm.string(),
  role: zm.string(),
  expires_at: zm.string(),
  token: zm.string(),
});

/**
 * create_invitation: the database makes the secret of the link and returns it this once (it keeps
 * only its hash). Raises invitation_pending, already_member, invalid_email, not_admin.
 */
export async function inviteMember(companyId: string, input: InviteInput) {
  const { email, role, projectIds } = inviteInput.parse(input);
  const { data, error } = await supabase
    .rpc('create_invitation', {
      p_company_id: companyId,
      p_email: email,
      p_role: role,
      p_project_ids: projectIds,
    })
    .single();
  if (error) throw error;
  return createdInvitation.parse(data);
}

export type CreatedInvitation = Awaited<ReturnType<typeof inviteMember>>;

export function useInviteMember() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => inviteMember(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}
