import { Barcode, ScanLine } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useQueryClient } from '@tanstack/react-query';
import { suppliersQuery } from '@/lib/api/lookups';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate, todayLocal } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { matchPixSupplier } from '@/lib/capture/pix-supplier';
import {
  readPaymentCode,
  type BoletoCode,
  type PaymentCodeReading,
  type PixCode,
} from '@/lib/capture/payment-codes';
import { lazyDialog } from '@/components/lazy-dialog';
import { useIsDesktop } from '@/lib/use-media-query';
import { findRecordedBoleto } from '@/features/entries/api/find-recorded-boleto';

/** The fields a code fills, as Lançar's form and the wizard's both name them. */
interface CodeFormValues {
  description: string;
  partyId: string | null;
  partyName: string;
  amountCents: number | null;
  boletoCode: string | null;
  pixCode: string | null;
}

const ScanDialog = lazyDialog(
  async () => (await import('@/features/entries/components/capture/scan-dialog')).ScanDialog,
  (props) => props.open,
);

/**
 * What the field says about the code read: the bill it found, or why it refused the code (and the
 * bill that already has it, when the member may open it).
 */
type Outcome = { ok: true; text: string } | { ok: false; text: string; entryId?: string } | null;

/** The catalogue's text of boleto_already_registered (src/lib/errors.ts), told as the code is read. */
export const BOLETO_ALREADY_RECORDED = 'Este boleto já foi lançado.';

function boletoSummary(code: BoletoCode): string {
  const parts = [
    code.kind === 'arrecadacao'
      ? 'Boleto de arrecadação'
      : `Boleto ${code.bankName ?? `banco ${code.bankCode ?? ''}`}`,
  ];
  if (code.amountCents !== null) parts.push(formatCurrency(code.amountCents));
  if (code.dueDate) parts.push(`vencimento ${formatDate(code.dueDate)}`);
  return parts.join(' · ');
}

function pixSummary(code: PixCode, supplierName: string): string {
  const parts = [`PIX para ${supplierName}`];
  if (code.amountCents !== null) parts.push(formatCurrency(code.amountCents));
  else parts.push('valor a informar');
  return parts.join(' · ');
}

/**
 * Lançar's (Conta a Pagar) and the wizard's "Código de barras ou PIX": a boleto's linha digitável
 * (typed, pasted, or scanned on a phone) fills Valor and Vencimento; a PIX copia-e-cola fills Valor,
 * Fornecedor (a registered one when its key or name matches) and Descrição. A code with a wrong
 * digit fills nothing. The code itself goes with the payable (boletoCode / pixCode).
 */
export function usePaymentCode(setDueDate: (date: string) => void, today = todayLocal) {
  const { setValue, getValues, control } = useFormContext<CodeFormValues>();
  const queryClient = useQueryClient();
  const { id: companyId } = useCurrentCompany();
  const [text, setText] = useState(() => getValues('boletoCode') ?? getValues('pixCode') ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [boletoCode, pixCode] = useWatch({ control, name: ['boletoCode', 'pixCode'] });
  // The code whose check is awaited: a later reading makes an earlier answer moot.
  const checking = useRef<string | null>(null);

  // The form was reset (saved, draft discarded): the code it carried is gone, and so is its text.
  // (Adjusted while rendering, as React advises for state that follows a value.)
  const [seen, setSeen] = useState({ boletoCode, pixCode });
  if (seen.boletoCode !== boletoCode || seen.pixCode !== pixCode) {
    setSeen({ boletoCode, pixCode });
    if (boletoCode === null && pixCode === null && outcome?.ok) {
      setText('');
      setOutcome(null);
    }
  }

  const set = <K extends keyof CodeFormValues>(name: K, value: CodeFormValues[K]) => {
    setValue(name, value as never, { shouldDirty: true });
  };

  function fillBoleto(code: BoletoCode) {
    if (code.amountCents !== null) set('amountCents', code.amountCents);
    if (code.dueDate) setDueDate(code.dueDate);
    set('boletoCode', code.code);
    set('pixCode', null);
    setOutcome({ ok: true, text: boletoSummary(code) });
    void flagRecorded(code.code);
  }

  // A boleto the company already has is flagged now, not at Salvar, with its bill when the member
  // may open it, and is not attached (the database would refuse it). Offline or on an error the
  // code stays: Salvar (or the sync) is then where the database says so.
  async function flagRecorded(code: string) {
    checking.current = code;
    const recorded = await findRecordedBoleto(companyId, code).catch(() => null);
    if (checking.current !== code || getValues('boletoCode') !== code) return;
    checking.current = null;
    if (!recorded?.registered) return;
    set('boletoCode', null);
    setOutcome({
      ok: false,
      text: BOLETO_ALREADY_RECORDED,
      ...(recorded.entryId ? { entryId: recorded.entryId } : {}),
    });
  }

  async function fillPix(code: PixCode) {
    // The registered suppliers (the picker's list; loaded now if the code came first). Without
    // them (offline, an error) the receiver's name is taken as a new supplier.
    const suppliers = await queryClient
      .query({ ...suppliersQuery(companyId, true), staleTime: 60_000 })
      .catch(() => []);
    const supplier = matchPixSupplier(suppliers, code);
    const name = supplier?.name ?? code.merchantName;
    if (code.amountCents !== null) set('amountCents', code.amountCents);
    set('partyId', supplier?.id ?? null);
    set('partyName', name);
    if (getValues('description').trim() === '') {
      set('description', (code.description ?? `PIX ${name}`).slice(0, 180));
    }
    set('pixCode', code.code);
    set('boletoCode', null);
    setOutcome({ ok: true, text: pixSummary(code, name) });
  }

  function read(value: string) {
    setText(value);
    const reading: PaymentCodeReading = readPaymentCode(value, today());
    if (reading === null) {
      // Still being typed (or cleared): nothing is judged, and no old code stays attached.
      setOutcome(null);
      if (getValues('boletoCode') !== null) set('boletoCode', null);
      if (getValues('pixCode') !== null) set('pixCode', null);
      return;
    }
    if (reading.type === 'invalid') {
      set('boletoCode', null);
      set('pixCode', null);
      setOutcome({ ok: false, text: reading.message });
      return;
    }
    if (reading.type === 'boleto') fillBoleto(reading);
    else void fillPix(reading);
  }

  return { text, outcome, read };
}

export function PaymentCodeField({
  className,
  setDueDate,
  incoming = null,
}: {
  className?: string;
  /** Lançar sets its Vencimento; the wizard its chosen date. */
  setDueDate: (date: string) => void;
  /** A code from elsewhere (Via WhatsApp's Pré-preencher), read as if pasted; seq: each tap. */
  incoming?: { code: string; seq: number } | null;
}) {
  const id = useId();
  const { text, outcome, read } = usePaymentCode(setDueDate);
  const incomingSeq = incoming?.seq;
  const incomingCode = incoming?.code;
  useEffect(() => {
    if (incomingCode !== undefined) read(incomingCode);
    // Only a new tap reads again; `read` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incomingSeq]);
  const [scanning, setScanning] = useState(false);
  const isDesktop = useIsDesktop();
  // The camera is the phone's way in; on the office desktop the code is pasted.
  const canScan =
    !isDesktop &&
    typeof navigator !== 'undefined' &&
    'mediaDevices' in navigator &&
    typeof navigator.mediaDevices.getUserMedia === 'function';

  return (
    <div className={className}>
      <div className="grid gap-2">
        <Label htmlFor={id} className="flex items-center gap-2">
          <Barcode className="size-4" aria-hidden="true" />
          Código de barras ou PIX
        </Label>
        <div className="flex gap-2">
          <Input
            id={id}
            value={text}
            inputMode="text"
            autoComplete="off"
            placeholder="Cole a linha digitável ou o PIX copia e cola"
            aria-invalid={outcome?.ok === false ? true : undefined}
            aria-describedby={`${id}-outcome`}
            onChange={(event) => read(event.target.value)}
          />
          {canScan ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => setScanning(true)}
              onPointerEnter={ScanDialog.preload}
              onFocus={ScanDialog.preload}
            >
              <ScanLine aria-hidden="true" />
              Escanear
            </Button>
          ) : null}
        </div>
        <p
          id={`${id}-outcome`}
          role={outcome?.ok === false ? 'alert' : 'status'}
          className={
            outcome?.ok === false
              ? 'text-sm font-medium text-destructive'
              : 'text-sm text-muted-foreground'
          }
        >
          {outcome?.text ?? ''}
          {outcome?.ok === false && outcome.entryId ? (
            <>
              {' '}
              <Link to={`/lancamentos/expense/${outcome.entryId}`} className="underline">
                Ver conta
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <ScanDialog
        open={scanning}
        onOpenChange={setScanning}
        onDetected={(code) => {
          setScanning(false);
          read(code);
        }}
      />
    </div>
  );
}
