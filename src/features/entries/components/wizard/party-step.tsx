import { Label } from '@/components/ui/label';
import type { EntryKind } from '@/lib/entries';
import { PartyPicker, type PartyValue } from '@/features/entries/components/party-picker';

interface PartyStepProps extends PartyValue {
  kind: EntryKind;
  inputId: string;
  onChange: (party: PartyValue) => void;
}

/** Step 2: pick an active supplier/client, or type a new name (registered when the entry is saved). */
export function PartyStep({ kind, inputId, partyId, partyName, onChange }: PartyStepProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>
        {kind === 'expense' ? 'Nome do fornecedor' : 'Nome do cliente'}
      </Label>
      <PartyPicker
        id={inputId}
        kind={kind}
        partyId={partyId}
        partyName={partyName}
        onChange={onChange}
      />
    </div>
  );
}
