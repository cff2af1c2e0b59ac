import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useImportBatches, useUndoImportBatch, type ImportBatch } from '@/lib/api/imports';
import { IMPORT_KIND_LABELS, isImportKind } from '@/features/imports/lib/kinds';
import { getErrorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function kindLabel(kind: string): string {
  return isImportKind(kind) ? IMPORT_KIND_LABELS[kind] : kind;
}

function lines(n: number): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'linha' : 'linhas'}`;
}

/** "Importações recentes": each batch, and Desfazer while the database allows it. */
export function RecentImports() {
  const batches = useImportBatches();
  const undo = useUndoImportBatch();
  const [confirming, setConfirming] = useState<ImportBatch | null>(null);

  async function confirmUndo() {
    if (!confirming) return;
    try {
      await undo.mutateAsync({ batchId: confirming.id, createdAt: confirming.created_at });
      toast.success('Importação desfeita', {
        description: `${lines(confirming.row_count)} de ${confirming.file_name} removidas.`,
      });
    } catch (error) {
      toastError('Não foi possível desfazer a importação', error);
    } finally {
      setConfirming(null);
    }
  }

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Importações recentes</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={batches}
          loading="Carregando importações..."
          loadingClassName="py-6"
          error={{ title: 'Erro ao carregar as importações', description: getErrorMessage }}
          isEmpty={(rows) => rows.length === 0}
          empty={<p className="text-sm text-muted-foreground">Nenhuma importação ainda.</p>}
        >
          {(rows) => (
            <ul className="grid grid-cols-1 gap-2" aria-label="Importações recentes">
              {rows.map((batch) => (
                <li
                  key={batch.id}
                  aria-label={`${kindLabel(batch.kind)}: ${batch.file_name}`}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {kindLabel(batch.kind)} · {lines(batch.row_count)}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <span className="break-all">{batch.file_name}</span> ·{' '}
                      <span className="whitespace-nowrap">
                        {when.format(new Date(batch.created_at))}
                      </span>
                    </p>
                  </div>
                  {batch.undone_at ? (
                    <Badge variant="secondary">Desfeita</Badge>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setConfirming(batch)}
                      disabled={undo.isPending}
                    >
                      <Undo2 aria-hidden="true" />
                      Desfazer
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Desfazer esta importação?"
        description={
          confirming
            ? `Tudo o que ${confirming.file_name} criou (${lines(confirming.row_count)} de ${kindLabel(confirming.kind)}) será removido. Só é possível enquanto nada dele foi pago, conciliado ou alterado.`
            : ''
        }
        confirmLabel="Desfazer importação"
        busyLabel="Desfazendo..."
        busy={undo.isPending}
        destructive
        onConfirm={() => void confirmUndo()}
      />
    </Card>
  );
}
