import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ProjectPicker } from '@/components/pickers/pickers';
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
import { Textarea } from '@/components/ui/textarea';
import { useProjects } from '@/lib/api/lookups';
import { todayLocal } from '@/lib/dates';
import { parseCurrency } from '@/lib/money';
import {
  newSupplierOrderInput,
  useCreateSupplierOrder,
  type NewSupplierOrder,
  type NewSupplierOrderInput,
} from '@/features/suppliers/api/create-supplier-order';
import { toastSupplierFormErrors } from '@/features/suppliers/lib/supplier-form';

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

function OrderForm({ supplierId, onDone }: { supplierId: string; onDone: () => void }) {
  const projects = useProjects();
  const createOrder = useCreateSupplierOrder(supplierId);
  const form = useForm({
    resolver: zodResolver(newSupplierOrderInput),
    defaultValues: {
      description: '',
      amount: '',
      projectId: '',
      deliveryDate: null,
      notes: '',
    } satisfies NewSupplierOrderInput,
  });

  async function onValid(values: Omit<NewSupplierOrder, 'orderDate'>) {
    try {
      await createOrder.mutateAsync({ ...values, orderDate: todayLocal() });
    } catch (error) {
      toastError('Erro ao criar pedido', error);
      return;
    }
    toast.success('Pedido criado!', { description: `${values.description} foi registrado.` });
    onDone();
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, (errors) =>
          toastSupplierFormErrors(errors, 'Valor inválido'),
        )}
        className="grid gap-4"
        aria-label="Novo pedido"
      >
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Input {...field} maxLength={200} placeholder="Ex: 50 sacos de cimento" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Valor</FormLabel>
              <FormControl>
                {/* The field holds the text as typed; the schema turns it into centavos. */}
                <CurrencyInput
                  ref={field.ref}
                  name={field.name}
                  value={parseCurrency(field.value)}
                  onValueChange={(_cents, text) => field.onChange(text)}
                  onBlur={field.onBlur}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="projectId"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Obra</FormLabel>
              <FormControl>
                <ProjectPicker
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value}
                  onChange={field.onChange}
                  placeholder={projects.isPending ? 'Carregando...' : 'Selecione a obra'}
                />
              </FormControl>
              {projects.data?.length === 0 ? (
                <FormDescription>
                  Nenhuma obra cadastrada. Cadastre uma obra primeiro.
                </FormDescription>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="deliveryDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Data de Entrega</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} />
              </FormControl>
              <FormMessage />
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
                <Textarea {...field} maxLength={2000} rows={3} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={createOrder.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={createOrder.isPending}>
            {createOrder.isPending ? 'Criando...' : 'Criar Pedido'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
