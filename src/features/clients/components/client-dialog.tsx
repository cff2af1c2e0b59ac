import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
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
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { Client } from '@/lib/api/lookups';
import {
  clientInput,
  useCreateClient,
  type ClientInput,
  type ClientPayload,
} from '@/features/clients/api/create-client';
import { useUpdateClient } from '@/features/clients/api/update-client';

interface ClientDialogProps {
  /** The client to edit; null to create a new one. */
  client: Client | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates or edits a client; on failure it stays open with what was typed. */
export function ClientDialog({ client, open, onOpenChange }: ClientDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{client ? 'Editar Cliente' : 'Novo Cliente'}</DialogTitle>
          <DialogDescription>
            {client
              ? 'Atualize os dados do cliente.'
              : 'Cadastre um cliente para usar nas contas a receber.'}
          </DialogDescription>
        </DialogHeader>
        <ClientForm key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function formValuesOf(client: Client | null): ClientInput {
  return {
    name: client?.name ?? '',
    document: client?.document ?? '',
    phone: client?.phone ?? '',
    email: client?.email ?? '',
    address: client?.address ?? '',
    notes: client?.notes ?? '',
  };
}

/** A missing name is announced as "Campos obrigatórios"; otherwise an invalid email. */
function toastInvalid(errors: FieldErrors<ClientInput>) {
  if (errors.name) {
    toast.error('Campos obrigatórios', {
      description: 'Por favor, preencha todos os campos obrigatórios.',
    });
  } else if (errors.email?.message) {
    toast.error('Dados inválidos', { description: errors.email.message });
  }
}

function ClientForm({ client, onDone }: { client: Client | null; onDone: () => void }) {
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const pending = createClient.isPending || updateClient.isPending;
  const form = useForm({
    resolver: zodResolver(clientInput),
    defaultValues: formValuesOf(client),
  });

  async function onValid(values: ClientPayload) {
    if (client) {
      try {
        await updateClient.mutateAsync({ id: client.id, changes: values });
      } catch (error) {
        toastError('Erro ao atualizar cliente', error);
        return;
      }
      toast.success('Cliente atualizado!', {
        description: 'As informações do cliente foram salvas.',
      });
    } else {
      let created: Client;
      try {
        created = await createClient.mutateAsync(values);
      } catch (error) {
        toastError('Erro ao cadastrar cliente', error);
        return;
      }
      toast.success('Cliente cadastrado!', {
        description: `${created.name} foi adicionado aos seus clientes.`,
      });
    }
    onDone();
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, toastInvalid)}
        className="grid gap-4"
        aria-label={client ? 'Editar cliente' : 'Novo cliente'}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Nome</FormLabel>
              <FormControl>
                <Input {...field} maxLength={200} autoComplete="name" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="document"
          render={({ field }) => (
            <FormItem>
              <FormLabel>CPF/CNPJ</FormLabel>
              <FormControl>
                <Input {...field} value={field.value ?? ''} maxLength={30} inputMode="numeric" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="phone"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Telefone</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={40}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  type="email"
                  autoComplete="email"
                  maxLength={320}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="address"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Endereço</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  maxLength={300}
                  autoComplete="street-address"
                />
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
                <Textarea {...field} value={field.value ?? ''} maxLength={2000} rows={3} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={pending}>
            {client
              ? pending
                ? 'Salvando...'
                : 'Salvar'
              : pending
                ? 'Cadastrando...'
                : 'Cadastrar Cliente'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
