// New payables and receivables made with no network (Lançar, the wizard) wait in the offline
// queue (src/lib/offline/queue.ts) and are sent from there. Every row has an id made here: a repeated
// send finds its own rows and succeeds; another row with the id is an error the user sees
// (insert-new-entries.ts; docs/contracts.md, "Offline queue").
import { useCurrentCompany } from '@/lib/current-company';
import type { QueuedItem } from '@/lib/offline/queue';
import { offlineQueueFor } from '@/lib/offline/use-offline-queue';
import { supabase } from '@/lib/supabase';
import { wizardEntryRow } from '@/features/entries/api/create-wizard-entry';
import { resolveParty } from '@/features/entries/api/resolve-party';
import { insertNewEntries } from '@/features/entries/api/insert-new-entries';
import {
  createEntries,
  entryCount,
  type CreateEntriesInput,
} from '@/features/entries/api/create-entries';
import type { WizardEntry } from '@/features/entries/lib/wizard';

export const LANCAR_QUEUE_KIND = 'entries.lancar';
export const WIZARD_QUEUE_KIND = 'entries.wizard';

interface LancarPayload {
  /** What the form made, never "Marcar como Pago" (settling moves a balance: the server's). */
  input: CreateEntriesInput;
  /** One id per entry of the plan, made once: every send of the item carries the same. */
  ids: string[];
}

interface WizardPayload {
  entry: WizardEntry;
}

/** The queue item for a Lançar form saved offline (never "Marcar como Pago": it needs the server). */
export function lancarQueueItem(companyId: string, input: CreateEntriesInput) {
  const ids = Array.from({ length: entryCount(input.draft.plan) }, () => crypto.randomUUID());
  const first = ids[0];
  if (!first) throw new RangeError('Nenhum lançamento para enviar.');
  const payload: LancarPayload = { input: { ...input, settle: false }, ids };
  return {
    id: first,
    kind: LANCAR_QUEUE_KIND,
    companyId,
    payload,
    summary: {
      description: input.draft.description,
      amountCents: input.draft.amountCents,
      date: input.draft.dueDate,
      tone: input.kind,
      count: ids.length,
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
      tone: entry.kind,
      count: 1,
    },
  };
}

/** Sends a queued Lançar item: the same insert as online; a re-send finds its own rows. */
export async function sendLancarEntries(item: QueuedItem): Promise<void> {
  const { input, ids } = item.payload as LancarPayload;
  await createEntries(item.companyId, input, ids);
}

export async function sendWizardEntry(item: QueuedItem): Promise<void> {
  const { entry } = item.payload as WizardPayload;
  // By name when the supplier/client is new: a retry finds the one the first try registered.
  const partyId = await resolveParty(item.companyId, entry.kind, entry);
  const insert = wizardEntryRow(item.companyId, entry, partyId);
  const row = { ...insert.row, id: item.id };
  await insertNewEntries(
    [row],
    () =>
      insert.table === 'accounts_payable'
        ? supabase.from('accounts_payable').insert({ ...insert.row, id: item.id })
        : supabase.from('accounts_receivable').insert({ ...insert.row, id: item.id }),
    (ids) => supabase.from(insert.table).select('*').in('id', ids),
  );
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
