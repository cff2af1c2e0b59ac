import { Info, MessageCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';

/** The "Via WhatsApp" tab: a clearly marked placeholder until the connection exists (DESIGN §9). */
export function WhatsAppPlaceholder() {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle className="flex items-center gap-2">
              <MessageCircle className="size-5 text-income" aria-hidden="true" />
              Via WhatsApp
            </CardTitle>
            <Badge variant="warning">Em breve</Badge>
          </div>
          <CardDescription>
            Área para futura conexão com o WhatsApp: as contas e comprovantes enviados por mensagem
            aparecerão aqui para virar lançamentos. Por enquanto, use as abas Conta a Pagar e Conta
            a Receber.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline" className="w-full">
                <Info aria-hidden="true" />
                Ver Instruções
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Lançamentos via WhatsApp</DialogTitle>
                <DialogDescription>Este recurso ainda não está disponível.</DialogDescription>
              </DialogHeader>
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                <li>Quando a conexão existir, você vai vincular o número da empresa.</li>
                <li>
                  Mensagens com contas, boletos ou comprovantes serão detectadas automaticamente.
                </li>
                <li>
                  Em cada mensagem, “Pré-preencher” abrirá o formulário com os dados encontrados.
                </li>
              </ol>
              <DialogFooter>
                <DialogClose asChild>
                  <Button>Entendi</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </CardContent>
      </Card>

      <section aria-labelledby="whatsapp-messages" className="grid gap-2">
        <h2 id="whatsapp-messages" className="font-semibold">
          Mensagens Detectadas
        </h2>
        <EmptyState
          icon={<MessageCircle />}
          title="Nenhuma mensagem detectada"
          description="Cada mensagem detectada terá a ação “Pré-preencher” para criar o lançamento."
        />
      </section>
    </div>
  );
}
