import { MessageCircle, TrendingDown, TrendingUp } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NfeImportButton } from '@/components/capture/nfe-import-button';
import { PendingUploads } from '@/components/offline/pending-uploads';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EntryForm } from '@/features/entries/components/lancar/entry-form';
import { useCan } from '@/lib/roles';
import { WhatsAppTab } from '@/features/entries/components/lancar/whatsapp-tab';
import type { SharePrefill } from '@/features/entries/components/lancar/use-whatsapp-tab';
import { useNfeSplit } from '@/features/entries/components/split/use-nfe-split';

// Inactive tabs stay mounted (hidden), so switching tabs never loses what was typed.
const keepMounted = 'data-[state=inactive]:hidden';

/** A tab of Lançar: its icon over its name on a phone, beside it from sm. */
function LancarTab({
  value,
  icon,
  children,
}: {
  value: string;
  /** An aria-hidden icon: the name says it. */
  icon: ReactNode;
  children: string;
}) {
  return (
    <TabsTrigger value={value} className="flex-col gap-0.5 px-1 text-xs sm:flex-row sm:text-sm">
      {icon}
      {children}
    </TabsTrigger>
  );
}

export function NewEntryPage() {
  // An obra member records payables of its obras, never a receivable.
  const receivables = useCan()('recordCompanyEntry');

  // The share target opens /lancar?aba=whatsapp&compartilhado=1 (public/share-target.js).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.get('aba') === 'whatsapp' ? 'whatsapp' : 'pagar'));
  const [prefill, setPrefill] = useState<(SharePrefill & { seq: number }) | null>(null);
  const nfeSplit = useNfeSplit();

  return (
    <div>
      <PageHeader title="Lançar" backTo="/" />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto">
          <LancarTab
            value="pagar"
            icon={<TrendingDown className="size-4 text-expense" aria-hidden="true" />}
          >
            Conta a Pagar
          </LancarTab>
          {receivables ? (
            <LancarTab
              value="receber"
              icon={<TrendingUp className="size-4 text-income" aria-hidden="true" />}
            >
              Conta a Receber
            </LancarTab>
          ) : null}
          <LancarTab
            value="whatsapp"
            icon={<MessageCircle className="size-4" aria-hidden="true" />}
          >
            Via WhatsApp
          </LancarTab>
        </TabsList>
        <TabsContent value="pagar" forceMount className={keepMounted}>
          {/* import_nfe creates suppliers and bills of any obra: the office's job. */}
          {receivables ? (
            <div className="mb-4 flex justify-end">
              <NfeImportButton split={nfeSplit} />
            </div>
          ) : null}
          <EntryForm kind="expense" prefill={prefill} />
        </TabsContent>
        {receivables ? (
          <TabsContent value="receber" forceMount className={keepMounted}>
            <EntryForm kind="income" />
          </TabsContent>
        ) : null}
        <TabsContent value="whatsapp">
          <WhatsAppTab
            failed={params.get('compartilhado') === 'erro'}
            onPrefill={(next) => {
              setPrefill((last) => ({ ...next, seq: (last?.seq ?? 0) + 1 }));
              setTab('pagar');
            }}
          />
        </TabsContent>
      </Tabs>
      {/* Below the form: the list is read from the device after the first paint and leaves when
          sent, and neither may move the form under a finger (issue 36). The status line at the
          top says how many wait. */}
      <PendingUploads className="mt-6" />
    </div>
  );
}
