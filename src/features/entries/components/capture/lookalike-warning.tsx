import { AlertTriangle } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLookalikePayables } from '@/features/entries/api/get-lookalike-payables';

interface LookalikeValues {
  partyId: string | null;
  partyName: string;
  amountCents: number | null;
  dueDate: string | null;
}

/**
 * "Parece repetido": an open payable with the same supplier, value and due date already exists. A
 * warning with a link to it; saving stays possible (two equal bills do happen).
 */
export function LookalikeWarning({ className }: { className?: string }) {
  const { control } = useFormContext<LookalikeValues>();
  const [partyId, partyName, amountCents, dueDate] = useWatch({
    control,
    name: ['partyId', 'partyName', 'amountCents', 'dueDate'],
  });
  const name = useDebouncedValue(partyName.trim(), 300);
  const lookalikes = useLookalikePayables({ id: partyId, name }, amountCents, dueDate);
  const first = lookalikes.data?.[0];
  if (!first) return null;
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm',
        className,
      )}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Parece repetido:</span> já existe uma conta em aberto deste
        fornecedor com o mesmo valor e vencimento.{' '}
        <Link to={`/lancamentos/expense/${first.id}`} className="font-medium underline">
          Ver lançamento
        </Link>
        . Você ainda pode salvar.
      </p>
    </div>
  );
}
