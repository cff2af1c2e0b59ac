import { Label } from '@/components/ui/label';
import type { EntryKind } from '@/lib/entries';
import { PartyPicker, type PartyValue } from '@/features/entries/components/party-picker';

interface PartyFieldProps extends PartyValue {
  kind: EntryKind;
  inputId: string;
  onChange: (party: PartyValue) => void;
  /** Defaults to "Nome do fornecedor" / "Nome do cliente". */
  label?: string;
  /** See PartyPicker's `compact` (Lançar). */
  compact?: boolean;
}

/**
 * Fornecedor (payable) or Cliente (receivable) with its label: Lançar's field. The wizard's step 2
 * and Editar lançamento use PartyPicker inside their FormField.
 */
export function PartyField({ kind, inputId, label, ...picker }: PartyFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>
        {label ?? (kind === 'expense' ? 'Nome do fornecedor' : 'Nome do cliente')}
      </Label>
      <PartyPicker id={inputId} kind={kind} {...picker} />
    </div>
  );
}
