import { MessageCircle, TrendingDown, TrendingUp } from 'lucide-react';
import { NfeImportButton } from '@/components/capture/nfe-import-button';
import { PendingUploads } from '@/components/offline/pending-uploads';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EntryForm } from '@/features/entries/components/lancar/entry-form';
import { WhatsAppPlaceholder } from '@/features/entries/components/lancar/whatsapp-placeholder';
import { useCan } from '@/lib/roles';

// Inactive tabs stay mounted (hidden), so switching tabs never loses what was typed.
const keepMounted = 'data-[state=inactive]:hidden';

export function NewEntryPage() {
  // An obra member records payables of its obras, never a receivable.
  const receivables = useCan()('recordCompanyEntry');
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
          {receivables ? (
            <TabsTrigger
              value="receber"
              className="flex-col gap-0.5 px-1 text-xs sm:flex-row sm:text-sm"
            >
              <TrendingUp className="size-4 text-income" aria-hidden="true" />
              Conta a Receber
            </TabsTrigger>
          ) : null}
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
        {receivables ? (
          <TabsContent value="receber" forceMount className={keepMounted}>
            <EntryForm kind="income" />
          </TabsContent>
        ) : null}
        <TabsContent value="whatsapp">
          <WhatsAppPlaceholder />
        </TabsContent>
      </Tabs>
    </div>
  );
}
