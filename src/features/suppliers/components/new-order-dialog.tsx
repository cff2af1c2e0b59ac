import { useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useProjects } from '@/lib/api/lookups';
import { todayLocal } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { useCreateSupplierOrder } from '@/features/suppliers/api/create-supplier-order';

interface NewOrderDialogProps {
  supplierId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NewOrderDialog({ supplierId, open, onOpenChange }: NewOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Novo Pedido</DialogTitle>
          <DialogDescription>Registre um pedido feito a este fornecedor.</DialogDescription>
        </DialogHeader>
        <OrderForm supplierId={supplierId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type OrderField = 'description' | 'amount' | 'projectId';

function OrderForm({ supplierId, onDone }: { supplierId: string; onDone: () => void }) {
  const projects = useProjects();
  const createOrder = useCreateSupplierOrder(supplierId);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [projectId, setProjectId] = useState('');
  const [deliveryDate, setDeliveryDate] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<OrderField, string>>>({});

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<OrderField, string>> = {};
    if (description.trim() === '') found.description = 'Campo obrigatório';
    if (amountText.trim() === '') found.amount = 'Campo obrigatório';
    if (projectId === '') found.projectId = 'Campo obrigatório';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Campos obrigatórios', {
        description: 'Por favor, preencha todos os campos obrigatórios.',
      });
      return;
    }
    if (amount === null || amount <= 0) {
      setErrors({ amount: 'Informe um valor maior que zero.' });
      toast.error('Valor inválido', { description: 'Informe um valor maior que zero.' });
      return;
    }
    createOrder.mutate(
      {
        description: description.trim(),
        amount,
        projectId,
        orderDate: todayLocal(),
        deliveryDate,
        notes: notes.trim() === '' ? null : notes.trim(),
      },
      {
        onSuccess: () => {
          toast.success('Pedido criado!', { description: `${description.trim()} foi registrado.` });
          onDone();
        },
        onError: (error) => {
          toast.error('Erro ao criar pedido', { description: getErrorMessage(error) });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Novo pedido">
      <FormField label="Descrição" required error={errors.description}>
        <Input
          value={description}
          maxLength={200}
          placeholder="Ex: 50 sacos de cimento"
          onChange={(event) => {
            setDescription(event.target.value);
            setErrors((e) => ({ ...e, description: undefined }));
          }}
        />
      </FormField>
      <FormField label="Valor" required error={errors.amount}>
        <CurrencyInput
          value={amount}
          onValueChange={(cents, text) => {
            setAmount(cents);
            setAmountText(text);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
        />
      </FormField>
      <FormField
        label="Obra"
        required
        error={errors.projectId}
        description={
          projects.data?.length === 0
            ? 'Nenhuma obra cadastrada. Cadastre uma obra primeiro.'
            : undefined
        }
      >
        {(control) => (
          <Select
            value={projectId}
            onValueChange={(value) => {
              setProjectId(value);
              setErrors((e) => ({ ...e, projectId: undefined }));
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue
                placeholder={projects.isPending ? 'Carregando...' : 'Selecione a obra'}
              />
            </SelectTrigger>
            <SelectContent>
              {(projects.data ?? []).map((project) => (
                <SelectItem key={project.id} value={project.id}>
                  {project.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Data de Entrega">
        <DatePicker value={deliveryDate} onChange={setDeliveryDate} />
      </FormField>
      <FormField label="Observações">
        <Textarea
          value={notes}
          maxLength={2000}
          rows={3}
          onChange={(event) => setNotes(event.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={createOrder.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={createOrder.isPending}>
          {createOrder.isPending ? 'Criando...' : 'Criar Pedido'}
        </Button>
      </DialogFooter>
    </form>
  );
}
