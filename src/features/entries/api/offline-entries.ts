// New payables and receivables made with no network (Lançar, the wizard) wait in the offline
// queue (src/lib/offline/queue.ts) and are sent from there. Every row has an id made here: a repeated
// send finds its own rows and succeeds; another row with the id is an error the user sees
// (insert-new-entries.ts; docs/contracts.md, "Offline queue"). A photo chosen with the entry waits
// beside it as its own item (src/lib/offline/queued-document.ts), tied to the entry's id.
import { useCurrentCompany } from '@/lib/current-company';
import { prepareDocumentFile } from '@/lib/documents/prepare-file';
import type { EntryKind } from '@/lib/entries';
import type { OfflineQueue } from '@/lib/offline/queue';
import { queuedDocumentItem } from '@/lib/offline/queued-document';
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
import type { ReceiptPhoto, WizardEntry } from '@/features/entries/lib/wizard';

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

type EntryItem = ReturnType<typeof wizardQueueItem> | ReturnType<typeof lancarQueueItem>;

/**
 * Queues the entry, then its photo as the comprovante of the entry's first row. The photo is
 * prepared first (compressed, hashed): a file that cannot be stored (DocumentFileError) queues
 * nothing, so the user fixes it and saves once more without a second entry.
 */
async function enqueueWithPhoto(
  queue: OfflineQueue,
  userId: string,
  kind: EntryKind,
  item: EntryItem,
  photo: ReceiptPhoto | null,
): Promise<void> {
  const file = photo
    ? await prepareDocumentFile(await (await fetch(photo.dataUrl)).blob(), photo.name)
    : null;
  await queue.enqueue(item);
  if (!file) return;
  const { count: _count, ...entry } = item.summary;
  const document = queuedDocumentItem({
    companyId: item.companyId,
    userId,
    owner: { type: 'entry', entryKind: kind, entryId: item.id },
    kind: 'comprovante',
    file,
    entry,
  });
  await queue.enqueue(document.item, document.files);
}

/** Puts what the Lançar form or the wizard made (and its photo) into the company's offline queue. */
export function useQueueEntries() {
  const { id: companyId, userId } = useCurrentCompany();
  const queue = offlineQueueFor(userId, companyId);
  return {
    queueLancar: (input: CreateEntriesInput, photo: ReceiptPhoto | null = null) =>
      enqueueWithPhoto(queue, userId, input.kind, lancarQueueItem(companyId, input), photo),
    queueWizard: (entry: WizardEntry, photo: ReceiptPhoto | null = null) =>
      enqueueWithPhoto(queue, userId, entry.kind, wizardQueueItem(companyId, entry), photo),
  };
}
