import { FileText, Info, MessageCircle, Share2, Wand2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormDialog } from '@/components/dialog-form';
import { DialogFooter } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import { formatBoletoLine } from '@/lib/capture/format-boleto';
import {
  useWhatsAppTab,
  type DetectedMessage,
  type SharePrefill,
} from '@/features/entries/components/lancar/use-whatsapp-tab';

function codeTitle(message: DetectedMessage): string {
  const code = message.code;
  if (!code) return message.prefill.attachment ? 'Arquivo sem código' : 'Mensagem sem código';
  if (code.type === 'pix') return `PIX para ${code.merchantName}`;
  if (code.kind === 'arrecadacao') return 'Boleto de arrecadação';
  return `Boleto ${code.bankName ?? `banco ${code.bankCode ?? ''}`}`;
}

function codeDetails(message: DetectedMessage): string {
  const code = message.code;
  if (!code) return message.excerpt ?? message.source;
  const parts = [code.amountCents !== null ? formatCurrency(code.amountCents) : 'valor a informar'];
  if (code.type === 'boleto' && code.dueDate) parts.push(`vencimento ${formatDate(code.dueDate)}`);
  parts.push(`em ${message.source}`);
  return parts.join(' · ');
}

function Instructions() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
        <Info aria-hidden="true" />
        Ver Instruções
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Lançamentos via WhatsApp"
        description="Compartilhe boletos, PIX e comprovantes do WhatsApp direto para o app."
      >
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>
            Instale o app no celular: no Chrome, abra o menu (⋮) e toque em “Instalar app” ou
            “Adicionar à tela inicial”.
          </li>
          <li>
            No WhatsApp, toque e segure a mensagem, o PDF do boleto ou a foto e toque em
            Compartilhar.
          </li>
          <li>Escolha “Finanças” na lista de apps: o Lançar abre nesta aba.</li>
          <li>
            Em cada código encontrado, “Pré-preencher” abre a Conta a Pagar com valor, vencimento ou
            fornecedor e o arquivo como anexo. Confira e salve.
          </li>
        </ol>
        <p className="text-xs text-muted-foreground">
          Compartilhar para o app funciona no Android com o app instalado. No iPhone ou no
          computador, copie o código e cole no campo “Código de barras ou PIX”.
        </p>
        <DialogFooter>
          <Button onClick={() => setOpen(false)}>Entendi</Button>
        </DialogFooter>
      </FormDialog>
    </>
  );
}

/**
 * The "Via WhatsApp" tab: what was shared into the installed app (a message, a boleto PDF, a
 * photo), each boleto or PIX code found listed in "Mensagens Detectadas" with Pré-preencher.
 */
export function WhatsAppTab({
  failed = false,
  onPrefill,
}: {
  /** The share target could not store the share (the worker said so in the address). */
  failed?: boolean;
  onPrefill: (prefill: SharePrefill) => void;
}) {
  const { state, dismiss } = useWhatsAppTab({ failed });

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MessageCircle className="size-5 text-income" aria-hidden="true" />
            Via WhatsApp
          </CardTitle>
          <CardDescription>
            Compartilhe do WhatsApp (ou de outro app) a mensagem, o PDF do boleto ou a foto da
            conta: os códigos de boleto e PIX encontrados aparecem aqui para virar lançamentos.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Instructions />
        </CardContent>
      </Card>

      <section aria-labelledby="whatsapp-messages" className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id="whatsapp-messages" className="font-semibold">
            Mensagens Detectadas
          </h2>
          {state.status === 'ready' ? (
            <Button variant="ghost" size="sm" onClick={() => void dismiss()}>
              <X aria-hidden="true" />
              Limpar
            </Button>
          ) : null}
        </div>
        {state.status === 'loading' ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner />
            Lendo o que foi compartilhado...
          </div>
        ) : state.status === 'error' ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Não foi possível ler o que foi compartilhado. Compartilhe de novo.
          </p>
        ) : state.status === 'empty' || state.messages.length === 0 ? (
          <EmptyState
            icon={<Share2 />}
            title="Nenhuma mensagem detectada"
            description="Compartilhe uma mensagem, um PDF ou uma foto para o app; cada código encontrado terá a ação “Pré-preencher”."
          />
        ) : (
          <ul className="grid gap-2">
            {state.messages.map((message) => (
              <li key={message.id}>
                <Card>
                  <CardContent className="grid gap-3 p-4 sm:flex sm:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{codeTitle(message)}</p>
                      <p className="break-words text-sm text-muted-foreground">
                        {codeDetails(message)}
                      </p>
                      {message.code?.type === 'boleto' ? (
                        <p className="break-all font-mono text-xs text-muted-foreground">
                          {formatBoletoLine(message.code.code)}
                        </p>
                      ) : null}
                      {message.prefill.attachment ? (
                        <p className="flex items-center gap-1 text-xs text-muted-foreground">
                          <FileText className="size-3" aria-hidden="true" />
                          Anexo: {message.prefill.attachment.name}
                        </p>
                      ) : null}
                    </div>
                    <Button
                      variant="expense"
                      aria-label={`Pré-preencher: ${codeTitle(message)}`}
                      onClick={() => onPrefill(message.prefill)}
                    >
                      <Wand2 aria-hidden="true" />
                      Pré-preencher
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
