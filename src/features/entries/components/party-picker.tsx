import { UserPlus } from 'lucide-react';
import { ClientChoiceList, SupplierChoiceList } from '@/components/pickers/choice-lists';
import type { PickerTriggerProps } from '@/components/pickers/option-select';
import { Input } from '@/components/ui/input';
import { useClients, useSuppliers } from '@/lib/api/lookups';
import type { EntryKind } from '@/lib/entries';
import { findPartyByName } from '@/features/entries/lib/wizard';

export interface PartyValue {
  /** An active supplier/client picked (or whose name was typed exactly); null = a new name. */
  partyId: string | null;
  partyName: string;
}

interface PartyPickerProps extends PickerTriggerProps, PartyValue {
  kind: EntryKind;
  onChange: (party: PartyValue) => void;
  onBlur?: () => void;
  /**
   * Inside a longer form (Lançar): the registered names are listed only while a name is typed and
   * none is chosen, instead of the whole list under the field.
   */
  compact?: boolean;
}

/**
 * Pick an active supplier (payables) or client (receivables), or type a new name (registered when
 * the entry is saved). The label is the caller's: the id and aria-* given here go to the text box
 * (a FormControl's).
 */
export function PartyPicker({
  kind,
  partyId,
  partyName,
  onChange,
  onBlur,
  compact = false,
  ...inputProps
}: PartyPickerProps) {
  const suppliers = useSuppliers({ activeOnly: true });
  const clients = useClients({ activeOnly: true });
  const query = kind === 'expense' ? suppliers : clients;
  const noun = kind === 'expense' ? 'fornecedor' : 'cliente';
  const parties = query.data ?? [];

  const isNew = partyName.trim() !== '' && !partyId && query.isSuccess;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Input
          {...inputProps}
          value={partyName}
          maxLength={200}
          autoComplete="off"
          placeholder={kind === 'expense' ? 'Ex.: Depósito São José' : 'Ex.: Maria Souza'}
          onBlur={onBlur}
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
