import type { EntryDetail } from '@/features/entries/api/get-entry';

export const RESEND_FOR_APPROVAL =
  'Ao salvar a correção em Editar, o lançamento é enviado novamente para aprovação.';

/** The requester's correction of a refused site expense sends it back to Aprovações. */
export function resendsForApproval(
  entry: Pick<EntryDetail, 'approvalStatus' | 'createdBy'>,
  userId: string,
): boolean {
  return entry.approvalStatus === 'refused' && entry.createdBy === userId;
}
