import { useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
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
import { Textarea } from '@/components/ui/textarea';
import type { Client } from '@/lib/api/lookups';
import { getErrorMessage } from '@/lib/errors';
import { useCreateClient } from '@/features/clients/api/create-client';
import { useUpdateClient } from '@/features/clients/api/update-client';
import {
  clientToForm,
  emptyClientForm,
  toClientPayload,
  validateClientForm,
  type ClientField,
  type ClientFormValues,
} from '@/features/clients/lib/client-form';

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
            {client ? 'Atualize os dados do cliente.' : 'Cadastre um cliente para usar nas contas a receber.'}
          </DialogDescription>
        </DialogHeader>
        <ClientForm key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ client, onDone }: { client: Client | null; onDone: () => void }) {
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const pending = createClient.isPending || updateClient.isPending;
  const [values, setValues] = useState<ClientFormValues>(() =>
    client ? clientToForm(client) : emptyClientForm,
  );
  const [errors, setErrors] = useState<Partial<Record<ClientField, string>>>({});

  function change(field: ClientField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { missing, errors: found } = validateClientForm(values);
    setErrors(found);
    if (missing.length > 0) {
      toast.error('Campos obrigatórios', {
        description: 'Por favor, preencha todos os campos obrigatórios.',
      });
      return;
    }
    if (found.email) {
      toast.error('Dados inválidos', { description: found.email });
      return;
    }
    const payload = toClientPayload(values);
    if (client) {
      updateClient.mutate(
        { id: client.id, changes: payload },
        {
          onSuccess: () => {
            toast.success('Cliente atualizado!', {
              description: 'As informações do cliente foram salvas.',
            });
            onDone();
          },
          onError: (error) =>
            toast.error('Erro ao atualizar cliente', { description: getErrorMessage(error) }),
        },
      );
    } else {
      createClient.mutate(payload, {
        onSuccess: (created) => {
          toast.success('Cliente cadastrado!', {
            description: `${created.name} foi adicionado aos seus clientes.`,
          });
          onDone();
        },
        onError: (error) =>
          toast.error('Erro ao cadastrar cliente', { description: getErrorMessage(error) }),
      });
    }
  }

  const text = (field: ClientField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={client ? 'Editar cliente' : 'Novo cliente'}>
      <FormField label="Nome" required error={errors.name}>
        <Input {...text('name')} maxLength={200} autoComplete="name" />
      </FormField>
      <FormField label="CPF/CNPJ" error={errors.document}>
        <Input {...text('document')} maxLength={30} inputMode="numeric" />
      </FormField>
      <FormField label="Telefone" error={errors.phone}>
        <Input {...text('phone')} type="tel" inputMode="tel" autoComplete="tel" maxLength={40} />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input {...text('email')} type="email" autoComplete="email" maxLength={320} />
      </FormField>
      <FormField label="Endereço" error={errors.address}>
        <Input {...text('address')} maxLength={300} autoComplete="street-address" />
      </FormField>
      <FormField label="Observações" error={errors.notes}>
        <Textarea {...text('notes')} maxLength={2000} rows={3} />
      </FormField>
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
  );
}
