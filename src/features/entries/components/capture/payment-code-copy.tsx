import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatBoletoLine } from '@/lib/capture/format-boleto';
import { toast } from '@/lib/toast';
import { useEntry } from '@/features/entries/api/get-entry';
import type { EntryKind } from '@/lib/entries';

interface PaymentCodesProps {
  boletoCode: string | null;
  pixCode: string | null;
}

function CopyCode({ label, shown, code }: { label: string; shown: string; code: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      toast.error('Não foi possível copiar', {
        description: 'Selecione o código e copie manualmente.',
      });
      return;
    }
    setCopied(true);
    toast.success('Código copiado', { description: 'Cole no aplicativo do banco para pagar.' });
  }
  return (
    <div className="grid gap-2">
      <p className="select-all break-all rounded-md border bg-muted/50 px-3 py-2 font-mono text-xs">
        {shown}
      </p>
      <Button type="button" variant="outline" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {label}
      </Button>
    </div>
  );
}

/** The boleto and PIX codes of a payable, each with its copy button, for whoever pays it. */
export function PaymentCodes({ boletoCode, pixCode }: PaymentCodesProps) {
  if (!boletoCode && !pixCode) return null;
  return (
    <section aria-label="Código para pagamento" className="grid gap-3">
      {boletoCode ? (
        <CopyCode label="Copiar código" shown={formatBoletoLine(boletoCode)} code={boletoCode} />
      ) : null}
      {pixCode ? <CopyCode label="Copiar PIX" shown={pixCode} code={pixCode} /> : null}
    </section>
  );
}

/** Dar Baixa's codes: the dialog has a list row; the codes come with the entry's detail. */
export function EntryPaymentCodes({ kind, id }: { kind: EntryKind; id: string }) {
  const entry = useEntry(kind, id, { enabled: kind === 'expense' });
  if (!entry.data) return null;
  return <PaymentCodes boletoCode={entry.data.boletoCode} pixCode={entry.data.pixCode} />;
}
