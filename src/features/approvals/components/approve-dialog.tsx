import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DateField } from '@/components/choice-fields';
import { DialogForm } from '@/components/dialog-form';
import { FieldItem } from '@/components/form-fields';
import { BankAccountPicker, CategoryPicker } from '@/components/pickers/pickers';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import type { Approval } from '@/features/approvals/api/get-approvals';
import {
  approveInput,
  useApprovePayable,
  type ApproveInput,
  type ApproveValues,
} from '@/features/approvals/api/decide-payable';
import {
  decisionDialog,
  isEntryChanged,
  type DecisionFormProps,
} from '@/features/approvals/components/decision-dialog';

/** Aprovar: category, account and due date as the site asked, to fix before approving. */
export const ApproveDialog = decisionDialog({
  title: 'Aprovar lançamento',
  explanation: 'Confira categoria, conta e vencimento antes de aprovar.',
  failureTitle: 'Erro ao aprovar lançamento',
  Form: ApproveForm,
});

const named = (id: string | null, name: string | null, fallback: string) =>
  id ? { id, name: name ?? fallback } : null;

/** The form as a version of the entry fills it: the requester's choices and that version. */
function valuesOf(approval: Approval): ApproveInput {
  return {
    payableId: approval.id,
    amountCents: approval.amountCents,
    updatedAt: approval.updatedAt,
    categoryId: approval.categoryId,
    bankAccountId: approval.bankAccountId,
    dueDate: approval.dueDate,
  };
}

function ApproveForm({ approval, onDone, onChanged }: DecisionFormProps) {
  const approve = useApprovePayable();
  const form = useForm<ApproveInput, unknown, ApproveValues>({
    resolver: zodResolver(approveInput),
    defaultValues: valuesOf(approval),
  });

  async function onValid(values: ApproveValues) {
    try {
      await approve.mutateAsync(values);
    } catch (error) {
      if (isEntryChanged(error)) {
        // The new version's values, but what the approver chose here stays chosen.
        const fresh = await onChanged();
        if (fresh) form.reset(valuesOf(fresh), { keepDirtyValues: true });
        return;
      }
      toastError('Erro ao aprovar lançamento', error);
      return;
    }
    toast.success('Lançamento aprovado!', {
      description: `${approval.description} agora está em Contas a Pagar.`,
    });
    onDone();
  }

  const busy = approve.isPending;
  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      busy={busy}
      onCancel={onDone}
      submitLabel="Aprovar"
      busyLabel="Aprovando..."
      aria-label="Aprovar lançamento"
    >
      {approval.split ? (
        // A rateio's categorias are its parts' (approve_payable refuses one for the whole).
        <p className="text-sm text-muted-foreground">Categoria: {approval.categoryName}</p>
      ) : (
        <FieldItem control={form.control} name="categoryId" label="Categoria">
          {(field) => (
            <CategoryPicker
              type="expense"
              value={field.value as string | null}
              onChange={field.onChange}
              // A category once chosen can be changed, not removed: approve_payable keeps it.
              noneLabel={approval.categoryId ? undefined : 'Sem categoria'}
              current={named(approval.categoryId, approval.categoryName, 'Categoria atual')}
              disabled={busy}
            />
          )}
        </FieldItem>
      )}
      <FieldItem control={form.control} name="bankAccountId" label="Conta bancária">
        {(field) => (
          <BankAccountPicker
            value={field.value as string | null}
            onChange={field.onChange}
            noneLabel={approval.bankAccountId ? undefined : 'Não definida'}
            current={named(approval.bankAccountId, approval.bankAccountName, 'Conta atual')}
            disabled={busy}
          />
        )}
      </FieldItem>
      <DateField
        control={form.control}
        name="dueDate"
        label="Vencimento"
        required
        disabled={busy}
      />
    </DialogForm>
  );
}
