// New payables and receivables made with no network (Lançar, the wizard) wait in the offline
// queue (src/lib/offline/queue.ts) and are sent from there. Every row has an id made here, so a
// repeated send is an ON CONFLICT DO NOTHING (docs/contracts.md, "Offline queue").
import { useCurrentCompany } from '@/lib/current-company';
import type { QueuedItem } from '@/lib/offline/queue';
import { offlineQueueFor } from '@/lib/offline/use-offline-queue';
import { supabase } from '@/lib/supabase';
import { resolveParty, wizardEntryRow } from '@/features/entries/api/create-wizard-entry';
import type { CreateEntriesInput } from '@/features/entries/api/create-entries';
import { buildEntryRows, type EntryRow } from '@/features/entries/lib/entry-rows';
import type { EntryKind, WizardEntry } from '@/features/entries/lib/wizard';

export const LANCAR_QUEUE_KIND = 'entries.lancar';
export const WIZARD_QUEUE_KIND = 'entries.wizard';

interface LancarPayload {
  entryKind: EntryKind;
  /** Every row of the entry or of its series, ids included: one item, one insert. */
  rows: (EntryRow & { id: string })[];
}

interface WizardPayload {
  entry: WizardEntry;
}

const tone = (kind: EntryKind): 'expense' | 'income' => (kind === 'payable' ? 'expense' : 'income');

/** The queue item for a Lançar form saved offline (never "Marcar como Pago": it needs the server). */
export function lancarQueueItem(companyId: string, input: CreateEntriesInput) {
  const rows = buildEntryRows({ ...input.draft, companyId }, crypto.randomUUID()).map((row) => ({
    ...row,
    id: crypto.randomUUID(),
  }));
  const first = rows[0];
  if (!first) throw new RangeError('Nenhum lançamento para enviar.');
  const payload: LancarPayload = { entryKind: input.kind, rows };
  return {
    id: first.id,
    kind: LANCAR_QUEUE_KIND,
    companyId,
    payload,
    summary: {
      description: input.draft.description,
      amountCents: input.draft.amountCents,
      date: first.due_date,
      tone: tone(input.kind),
      count: rows.length,
    },
  };
}

export function wizardQueueItem(companyId: string, entry: WizardEntry) {
  const payload: WizardPayload = { entry };
  return {
    id: crypto.randomUUID(),
    kind: WIZARD_QUEUE_KIND,
    companyId,
    payload,
    summary: {
      description: entry.description,
      amountCents: entry.amountCents,
      date: entry.dueDate,
      tone: tone(entry.kind),
      count: 1,
    },
  };
}

export async function sendLancarEntries(item: QueuedItem): Promise<void> {
  const { entryKind, rows } = item.payload as LancarPayload;
  const { error } = await supabase
    .from(entryKind === 'payable' ? 'accounts_payable' : 'accounts_receivable')
    .upsert(rows, { onConflict: 'id', ignoreDuplicates: true });
  if (error) throw error;
}

export async function sendWizardEntry(item: QueuedItem): Promise<void> {
  const { entry } = item.payload as WizardPayload;
  // By name when the supplier/client is new: a retry finds the one the first try registered.
  const partyId = await resolveParty(item.companyId, entry);
  const insert = wizardEntryRow(item.companyId, entry, partyId);
  const options = { onConflict: 'id', ignoreDuplicates: true };
  const { error } =
    insert.table === 'accounts_payable'
      ? await supabase.from('accounts_payable').upsert({ ...insert.row, id: item.id }, options)
      : await supabase.from('accounts_receivable').upsert({ ...insert.row, id: item.id }, options);
  if (error) throw error;
}

/** Puts what the Lançar form or the wizard made into the current company's offline queue. */
export function useQueueEntries() {
  const { id: companyId, userId } = useCurrentCompany();
  const queue = offlineQueueFor(userId, companyId);
  return {
    queueLancar: (input: CreateEntriesInput) => queue.enqueue(lancarQueueItem(companyId, input)),
    queueWizard: (entry: WizardEntry) => queue.enqueue(wizardQueueItem(companyId, entry)),
  };
}
