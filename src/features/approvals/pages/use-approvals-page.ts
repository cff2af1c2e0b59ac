import { useState } from 'react';
import { useApprovals, type Approval } from '@/features/approvals/api/get-approvals';
import { useCan } from '@/lib/roles';

/** Aprovações' state: who may decide, the list, and the entry whose decision is open. */
export function useApprovalsPage() {
  const can = useCan();
  const approvals = useApprovals();
  const [approving, setApproving] = useState<Approval | null>(null);
  const [refusing, setRefusing] = useState<Approval | null>(null);
  return {
    allowed: can('approve'),
    approvals,
    approving,
    refusing,
    approve: setApproving,
    refuse: setRefusing,
    closeApprove: () => setApproving(null),
    closeRefuse: () => setRefusing(null),
  };
}
