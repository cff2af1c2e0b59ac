import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { NotesField, TextField } from '@/components/form-fields';
import type { Client } from '@/lib/api/lookups';
import { formatDocument, maskDocumentTyping } from '@/lib/br-documents';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={client ? 'Editar Cliente' : 'Novo Cliente'}
      description={
        client
          ? 'Atualize os dados do cliente.'
          : 'Cadastre um cliente para usar nas contas a receber.'
      }
    >
      <ClientForm key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function formValuesOf(client: Client | null): ClientInput {
  return {
    name: client?.name ?? '',
    document: formatDocument(client?.document ?? ''),
    phone: client?.phone ?? '',
    email: client?.email ?? '',
    address: client?.address ?? '',
    notes: client?.notes ?? '',
  };
}

/** A missing name is announced as "Campos obrigatórios"; otherwise the invalid field's message. */
function toastInvalid(errors: FieldErrors<ClientInput>) {
  if (errors.name) {
    toast.error('Campos obrigatórios', {
      description: 'Por favor, preencha todos os campos obrigatórios.',
    });
  } else {
    const message = errors.document?.message ?? errors.email?.message;
    if (message) toast.error('Dados inválidos', { description: message });
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
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, toastInvalid)}
      busy={pending}
      onCancel={onDone}
      submitLabel={client ? 'Salvar' : 'Cadastrar Cliente'}
      busyLabel={client ? 'Salvando...' : 'Cadastrando...'}
      aria-label={client ? 'Editar cliente' : 'Novo cliente'}
    >
      <TextField
        control={form.control}
        name="name"
        label="Nome"
        required
        maxLength={200}
        autoComplete="name"
      />
      <TextField
        control={form.control}
        name="document"
        label="CPF/CNPJ"
        maxLength={30}
        // The CNPJ issued from July 2026 has letters: a numeric keyboard could not type it.
        inputMode="text"
        autoComplete="off"
        placeholder="000.000.000-00"
        mask={maskDocumentTyping}
      />
      <TextField
        control={form.control}
        name="phone"
        label="Telefone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={40}
      />
      <TextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={320}
      />
      <TextField
        control={form.control}
        name="address"
        label="Endereço"
        maxLength={300}
        autoComplete="street-address"
      />
      <NotesField control={form.control} name="notes" />
    </DialogForm>
  );
}
