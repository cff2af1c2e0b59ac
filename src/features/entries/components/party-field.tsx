import { UserPlus } from 'lucide-react';
import { ClientChoiceList, SupplierChoiceList } from '@/components/pickers/choice-lists';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useClients, useSuppliers } from '@/lib/api/lookups';
import { findPartyByName } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

interface PartyFieldProps {
  kind: EntryKind;
  inputId: string;
  partyId: string | null;
  partyName: string;
  onChange: (party: { partyId: string | null; partyName: string }) => void;
  /** Defaults to "Nome do fornecedor" / "Nome do cliente". */
  label?: string;
  /**
   * Inside a longer form (Lançar): the registered names are listed only while a name is typed and
   * none is chosen, instead of the whole list under the field.
   */
  compact?: boolean;
}

/**
 * Fornecedor (payable) or Cliente (receivable): pick an active one, or type a new name (registered
 * when the entry is saved). The wizard's step 2 and Lançar's field.
 */
export function PartyField({
  kind,
  inputId,
  partyId,
  partyName,
  onChange,
  label,
  compact = false,
}: PartyFieldProps) {
  const suppliers = useSuppliers({ activeOnly: true });
  const clients = useClients({ activeOnly: true });
  const query = kind === 'expense' ? suppliers : clients;
  const noun = kind === 'expense' ? 'fornecedor' : 'cliente';
  const parties = query.data ?? [];

  const isNew = partyName.trim() !== '' && !partyId && query.isSuccess;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          {label ?? (kind === 'expense' ? 'Nome do fornecedor' : 'Nome do cliente')}
        </Label>
        <Input
          id={inputId}
          value={partyName}
          maxLength={200}
          autoComplete="off"
          placeholder={kind === 'expense' ? 'Ex.: Depósito São José' : 'Ex.: Maria Souza'}
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

      {compact && (partyId !== null || partyName.trim() === '') ? null : kind === 'expense' ? (
        <SupplierChoiceList
          tone="expense"
          value={partyId ?? undefined}
          search={partyName}
          onChange={(party) => onChange({ partyId: party.id, partyName: party.name })}
        />
      ) : (
        <ClientChoiceList
          tone="income"
          value={partyId ?? undefined}
          search={partyName}
          onChange={(party) => onChange({ partyId: party.id, partyName: party.name })}
        />
      )}
    </div>
  );
}
