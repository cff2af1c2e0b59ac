import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { OptionSelect } from '@/components/pickers/option-select';
import { BankAccountPicker, CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
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
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  getErrorMessage,
  isNetworkError,
  UNEXPECTED_ERROR_MESSAGE,
  UNEXPECTED_ERROR_TITLE,
} from '@/lib/errors';
import { paymentMethodLabels } from '@/lib/labels';
import { formatCurrency } from '@/lib/money';
import { paymentState, type EntryDetail } from '@/features/entries/api/get-entry';
import {
  PAYMENT_METHODS,
  updateEntrySchema,
  useUpdateEntry,
  type UpdateEntryInput,
  type UpdateEntryValues,
} from '@/features/entries/api/update-entry';
import { PartyPicker } from '@/features/entries/components/party-picker';
import { StageField } from '@/features/entries/components/stage-field';

const paymentMethodOptions = PAYMENT_METHODS.map((method) => ({
  id: method,
  name: paymentMethodLabels[method],
}));

export const REVERSE_TO_CHANGE_AMOUNT = 'Estorne o pagamento para alterar o valor.';
export const REVERSE_TO_CHANGE_ACCOUNT = 'Estorne o pagamento para alterar a conta bancária.';

function isPaymentMethod(value: string | null): value is (typeof PAYMENT_METHODS)[number] {
  return (PAYMENT_METHODS as readonly (string | null)[]).includes(value);
}

/** The row an entry names (maybe archived since), for the picker to keep offering it. */
function named(id: string | null, name: string | null, fallback: string) {
  return id ? { id, name: name ?? fallback } : null;
}

interface EntryEditDialogProps {
  entry: EntryDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Editar lançamento": every field of a pending entry; one with payments keeps its money facts. */
export function EntryEditDialog({ entry, open, onOpenChange }: EntryEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Editar lançamento</DialogTitle>
            <DialogDescription>Altere os dados e toque em Salvar.</DialogDescription>
          </DialogHeader>
          <EntryEditForm entry={entry} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EntryEditForm({ entry, onDone }: { entry: EntryDetail; onDone: () => void }) {
  const state = paymentState(entry);
  const amountLocked = state !== 'open';
  const accountLocked = state === 'paid';
  const isExpense = entry.kind === 'expense';

  const form = useForm<UpdateEntryInput, unknown, UpdateEntryValues>({
    resolver: zodResolver(updateEntrySchema),
    defaultValues: {
      kind: entry.kind,
      id: entry.id,
      description: entry.description,
      // An entry with payments keeps its amount: not sent at all.
      amountCents: amountLocked ? undefined : entry.amountCents,
      dueDate: entry.dueDate,
      bankAccountId: entry.bankAccountId,
      categoryId: entry.categoryId,
      projectId: entry.projectId,
      stageId: entry.stageId,
      counterpartyId: entry.counterpartyId,
      counterpartyName: entry.counterpartyName ?? '',
      paymentMethod: isPaymentMethod(entry.paymentMethod) ? entry.paymentMethod : null,
      notes: entry.notes ?? '',
    },
  });
  const [partyId, projectId, stageId] = useWatch({
    control: form.control,
    name: ['counterpartyId', 'projectId', 'stageId'],
  });
  // As in Lançar: a stage belongs to its obra, so choosing another obra clears it.
  const shownProject = useRef(projectId);
  useEffect(() => {
    if (shownProject.current !== projectId) {
      shownProject.current = projectId;
      form.setValue('stageId', null, { shouldDirty: true });
    }
  }, [projectId, form]);
  const update = useUpdateEntry();

  async function save(values: UpdateEntryValues) {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      if (isNetworkError(error)) {
        toast.error(UNEXPECTED_ERROR_TITLE, { description: UNEXPECTED_ERROR_MESSAGE });
      } else {
        toast.error('Erro', {
          description: getErrorMessage(error, 'Não foi possível salvar as alterações.'),
        });
      }
      return;
    }
    toast.success('Lançamento atualizado', {
      description: 'As alterações foram salvas com sucesso.',
    });
    onDone();
  }

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(save)}>
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Input {...field} maxLength={200} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="counterpartyName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{isExpense ? 'Fornecedor' : 'Cliente'}</FormLabel>
              <FormControl>
                <PartyPicker
                  kind={entry.kind}
                  partyId={partyId ?? null}
                  partyName={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(party) => {
                    field.onChange(party.partyName);
                    form.setValue('counterpartyId', party.partyId);
                  }}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {amountLocked ? (
          <div className="grid gap-2">
            <Label htmlFor="entry-edit-amount-locked">Valor</Label>
            <Input
              id="entry-edit-amount-locked"
              value={formatCurrency(entry.amountCents)}
              disabled
              readOnly
              aria-describedby="entry-edit-amount-locked-why"
            />
            <p id="entry-edit-amount-locked-why" className="text-sm text-muted-foreground">
              {REVERSE_TO_CHANGE_AMOUNT}
            </p>
          </div>
        ) : (
          <FormField
            control={form.control}
            name="amountCents"
            render={({ field }) => (
              <FormItem required>
                <FormLabel>Valor</FormLabel>
                <FormControl>
                  <CurrencyInput
                    ref={field.ref}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <FormField
          control={form.control}
          name="dueDate"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Vencimento</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="projectId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Obra</FormLabel>
              <FormControl>
                <ProjectPicker
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Geral"
                  current={named(entry.projectId, entry.projectName, 'Obra atual')}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <StageField
          projectId={projectId}
          value={stageId ?? null}
          onChange={(value) => form.setValue('stageId', value, { shouldDirty: true })}
        />
        <FormField
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Categoria</FormLabel>
              <FormControl>
                <CategoryPicker
                  type={entry.kind}
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Sem categoria"
                  current={named(entry.categoryId, entry.categoryName, 'Categoria atual')}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="bankAccountId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Conta bancária</FormLabel>
              <FormControl>
                <BankAccountPicker
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Não definida"
                  disabled={accountLocked}
                  current={named(entry.bankAccountId, entry.bankAccountName, 'Conta atual')}
                />
              </FormControl>
              {accountLocked ? (
                <FormDescription>{REVERSE_TO_CHANGE_ACCOUNT}</FormDescription>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="paymentMethod"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Forma de pagamento</FormLabel>
              <FormControl>
                <OptionSelect
                  options={paymentMethodOptions}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  noneLabel="Não definida"
                />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Observações</FormLabel>
              <FormControl>
                <Textarea
                  ref={field.ref}
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  rows={3}
                  maxLength={2000}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
