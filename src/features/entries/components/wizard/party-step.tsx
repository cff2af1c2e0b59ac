import { UserPlus } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useClients, useSuppliers } from '@/lib/api/lookups';
import { findPartyByName, type EntryKind } from '@/features/entries/lib/wizard';
import { ChoiceList } from '@/features/entries/components/wizard/choice-list';

interface PartyStepProps {
  kind: EntryKind;
  inputId: string;
  partyId: string | null;
  partyName: string;
  onChange: (party: { partyId: string | null; partyName: string }) => void;
}

const MAX_SHOWN = 30;

/** Step 2: pick an active supplier/client, or type a new name (registered when the entry is saved). */
export function PartyStep({ kind, inputId, partyId, partyName, onChange }: PartyStepProps) {
  const suppliers = useSuppliers({ activeOnly: true });
  const clients = useClients({ activeOnly: true });
  const query = kind === 'payable' ? suppliers : clients;
  const noun = kind === 'payable' ? 'fornecedor' : 'cliente';
  const parties = query.data ?? [];

  const typed = partyName.trim().toLocaleLowerCase('pt-BR');
  const shown = (partyId ? parties : parties.filter((p) => p.name.toLocaleLowerCase('pt-BR').includes(typed))).slice(
    0,
    MAX_SHOWN,
  );
  const isNew = partyName.trim() !== '' && !partyId && query.isSuccess;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{kind === 'payable' ? 'Nome do fornecedor' : 'Nome do cliente'}</Label>
        <Input
          id={inputId}
          value={partyName}
          maxLength={200}
          autoComplete="off"
          placeholder={kind === 'payable' ? 'Ex.: Depósito São José' : 'Ex.: Maria Souza'}
          onChange={(event) => {
            const name = event.target.value;
            onChange({ partyName: name, partyId: findPartyByName(parties, name)?.id ?? null });
          }}
        />
        {isNew ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <UserPlus className="size-4 shrink-0" aria-hidden="true" />
            Novo {noun}: “{partyName.trim()}” será cadastrado ao salvar.
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <Spinner
          className="justify-start text-sm"
          label={kind === 'payable' ? 'Carregando fornecedores...' : 'Carregando clientes...'}
        />
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Não foi possível carregar a lista de {kind === 'payable' ? 'fornecedores' : 'clientes'}. Você ainda pode digitar o nome.
        </p>
      ) : parties.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nenhum {noun} cadastrado ainda. Digite o nome para cadastrar um novo.
        </p>
      ) : shown.length > 0 ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium">{kind === 'payable' ? 'Fornecedores cadastrados' : 'Clientes cadastrados'}</p>
          <ChoiceList
            label={kind === 'payable' ? 'Fornecedores cadastrados' : 'Clientes cadastrados'}
            tone={kind === 'payable' ? 'expense' : 'income'}
            value={partyId}
            choices={shown.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(id) => {
              const party = parties.find((p) => p.id === id);
              if (party) onChange({ partyId: party.id, partyName: party.name });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
