import { MessageCircle, TrendingDown, TrendingUp } from 'lucide-react';
import { NfeImportButton } from '@/components/capture/nfe-import-button';
import { PendingUploads } from '@/components/offline/pending-uploads';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EntryForm } from '@/features/entries/components/lancar/entry-form';
import { WhatsAppPlaceholder } from '@/features/entries/components/lancar/whatsapp-placeholder';

// Inactive tabs stay mounted (hidden), so switching tabs never loses what was typed.
const keepMounted = 'data-[state=inactive]:hidden';

export function NewEntryPage() {
  return (
    <div>
      <PageHeader title="Lançar" backTo="/" />
      <PendingUploads className="mb-4" />
      <Tabs defaultValue="pagar">
        <TabsList className="h-auto">
          <TabsTrigger
            value="pagar"
            className="flex-col gap-0.5 px-1 text-xs sm:flex-row sm:text-sm"
          >
            <TrendingDown className="size-4 text-expense" aria-hidden="true" />
            Conta a Pagar
          </TabsTrigger>
          <TabsTrigger
            value="receber"
            className="flex-col gap-0.5 px-1 text-xs sm:flex-row sm:text-sm"
          >
            <TrendingUp className="size-4 text-income" aria-hidden="true" />
            Conta a Receber
          </TabsTrigger>
          <TabsTrigger
            value="whatsapp"
            className="flex-col gap-0.5 px-1 text-xs sm:flex-row sm:text-sm"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            Via WhatsApp
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pagar" forceMount className={keepMounted}>
          <div className="mb-4 flex justify-end">
            <NfeImportButton />
          </div>
          <EntryForm kind="expense" />
        </TabsContent>
        <TabsContent value="receber" forceMount className={keepMounted}>
          <EntryForm kind="income" />
        </TabsContent>
        <TabsContent value="whatsapp">
          <WhatsAppPlaceholder />
        </TabsContent>
      </Tabs>
    </div>
  );
}
