import { AlertTriangle, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useImportStatement } from '@/features/reconciliation/api/import-statement';
import { AmountText } from '@/features/reconciliation/components/amount-text';
import {
  statementAccountMismatch,
  StatementParseError,
  type ParsedStatement,
} from '@/features/reconciliation/lib/statement';
import type { BankAccount } from '@/lib/api/lookups';
import { formatDate } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { formatCurrency } from '@/lib/money';

interface Preview {
  fileName: string;
  statement: ParsedStatement;
  mismatch: boolean;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Importar extrato (OFX)": choose, read in the browser, check, then one call to save. */
export function ImportStatementCard({ account }: { account: BankAccount }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const importStatement = useImportStatement(account.id);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setReading(true);
    setReadError(null);
    setResult(null);
    setPreview(null);
    try {
      // The parser (and ofx-js) load only when a file is chosen.
      const { parseStatementFile } = await import('@/features/reconciliation/lib/parse-file');
      const statement = await parseStatementFile(file);
      setPreview({
        fileName: file.name,
        statement,
        mismatch: statementAccountMismatch(statement, account),
      });
    } catch (error) {
      setReadError(
        error instanceof StatementParseError
          ? error.message
          : 'Não foi possível ler o arquivo. Escolha um extrato OFX ou CSV.',
      );
    } finally {
      setReading(false);
      // Choosing the same file again must read it again.
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  async function save() {
    if (!preview) return;
    try {
      const saved = await importStatement.mutateAsync({
        statement: preview.statement,
        fileName: preview.fileName,
      });
      const conflicts =
        saved.conflictCount > 0
          ? ` ${plural(saved.conflictCount, 'lançamento novo tem', 'lançamentos novos têm')} conflito com lançamento já importado: confira antes de conciliar.`
          : '';
      const text = `${plural(saved.newCount, 'lançamento novo', 'lançamentos novos')}, ${plural(
        saved.existingCount,
        'já importado',
        'já importados',
      )}.${conflicts}`;
      // Said in place (role=status), next to where the file was chosen; no toast over the list.
      setResult(`Extrato importado: ${text}`);
      setPreview(null);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  const statement = preview?.statement;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Importar extrato (OFX)</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <p className="text-sm text-muted-foreground">
          Baixe o extrato no site ou app do banco (OFX, ou CSV com data;descrição;valor) e escolha o
          arquivo. Nada é salvo antes de você confirmar.
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".ofx,.OFX,.csv,.CSV,.txt,application/x-ofx,application/ofx,text/csv,text/plain"
          className="sr-only"
          aria-label="Arquivo do extrato (OFX ou CSV)"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          onClick={() => inputRef.current?.click()}
          disabled={reading || importStatement.isPending}
        >
          <FileUp aria-hidden="true" />
          {reading ? 'Lendo arquivo...' : 'Escolher arquivo do extrato'}
        </Button>
        {readError ? (
          <p role="alert" className="text-sm text-destructive">
            {readError}
          </p>
        ) : null}
        {result ? (
          <p role="status" className="rounded-md bg-income/10 p-3 text-sm font-medium">
            {result}
          </p>
        ) : null}

        {preview && statement ? (
          <section
            aria-label="Prévia do extrato"
            className="grid grid-cols-1 gap-3 rounded-lg border p-3"
          >
            <div className="grid grid-cols-1 gap-1 text-sm">
              <p className="break-all font-medium">{preview.fileName}</p>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Período</dt>
                <dd className="text-right">
                  {formatDate(statement.startDate)} a {formatDate(statement.endDate)}
                </dd>
                <dt className="text-muted-foreground">Saldo final do extrato</dt>
                <dd className="text-right font-medium">
                  {statement.ledgerBalanceCents === null
                    ? 'não informado'
                    : formatCurrency(statement.ledgerBalanceCents)}
                </dd>
                {statement.accountId ? (
                  <>
                    <dt className="text-muted-foreground">
                      {statement.kind === 'credit_card' ? 'Cartão no arquivo' : 'Conta no arquivo'}
                    </dt>
                    <dd className="break-all text-right">
                      {[statement.branchId, statement.accountId].filter(Boolean).join(' / ')}
                    </dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Lançamentos</dt>
                <dd className="text-right">{statement.lines.length}</dd>
              </dl>
            </div>

            {preview.mismatch ? (
              <div
                role="alert"
                className="flex gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
                <p>
                  Este extrato parece ser de outra conta: o arquivo indica{' '}
                  <strong>
                    {[statement.branchId, statement.accountId].filter(Boolean).join(' / ')}
                  </strong>{' '}
                  e esta conta é{' '}
                  <strong>
                    {[account.agency, account.account_number].filter(Boolean).join(' / ')}
                  </strong>
                  . Confira antes de importar.
                </p>
              </div>
            ) : null}

            <ul
              className="grid max-h-80 grid-cols-1 gap-1 overflow-y-auto text-sm"
              aria-label="Lançamentos do arquivo"
            >
              {statement.lines.map((line) => (
                <li
                  key={line.fitid}
                  className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 border-b py-1.5 last:border-b-0"
                >
                  <span className="min-w-0 break-words">
                    <span className="text-muted-foreground">{formatDate(line.postedOn)}</span>{' '}
                    {line.memo || 'Sem descrição'}
                  </span>
                  <AmountText cents={line.amountCents} className="text-right" />
                  <span className="col-span-2 break-all text-xs text-muted-foreground">
                    FITID {line.fitid}
                  </span>
                </li>
              ))}
            </ul>

            <div className="grid grid-cols-1 gap-2 sm:flex sm:justify-end">
              <Button variant="outline" onClick={() => setPreview(null)}>
                Cancelar
              </Button>
              <Button
                variant={preview.mismatch ? 'destructive' : 'default'}
                onClick={() => void save()}
                disabled={importStatement.isPending}
              >
                {importStatement.isPending
                  ? 'Importando...'
                  : preview.mismatch
                    ? 'Importar mesmo assim'
                    : `Importar ${plural(statement.lines.length, 'lançamento', 'lançamentos')}`}
              </Button>
            </div>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
