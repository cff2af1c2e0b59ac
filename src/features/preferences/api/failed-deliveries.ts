// E-mails and phone notifications that could not be sent to the signed-in user in this company,
// after every retry (notice_deliveries, status 'failed'; RLS: the recipient's own rows). Shown in
// Preferências → Notificações: a failure is never hidden.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orNull } from '@/lib/api/response-schemas';
import { noticeSettingKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { addDaysIso, todayLocal, toIsoDate } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import type { FailedDelivery } from '@/features/preferences/lib/notice-kinds';

/** How far back the list looks. */
export const FAILED_DAYS = 14;
const MAX_SHOWN = 20;

const deliveryRows = z.array(
  z.object({
    id: z.string(),
    channel: z.enum(['email', 'push']),
    kind: z.string(),
    event_key: z.string(),
    last_error: orNull(z.string()),
    created_at: z.string(),
  }),
);

/** The daily e-mail's event key is its day; others are dated by when they were planned (local). */
function deliveryDay(eventKey: string, createdAt: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(eventKey)) return eventKey;
  return toIsoDate(new Date(createdAt));
}

export async function getFailedDeliveries(
  companyId: string,
  signal?: AbortSignal,
  now: Date = new Date(),
): Promise<FailedDelivery[]> {
  // From the local midnight FAILED_DAYS ago.
  const since = new Date(`${addDaysIso(todayLocal(now), -FAILED_DAYS)}T00:00:00`).toISOString();
  let request = supabase
    .from('notice_deliveries')
    .select('id, channel, kind, event_key, last_error, created_at')
    .eq('company_id', companyId)
    .eq('status', 'failed')
    .gte('created_at', since)
    .order('created_at', { ascending: false })
    .order('id')
    .limit(MAX_SHOWN);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return deliveryRows.parse(data).map((row) => ({
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    eventKey: row.event_key,
    lastError: row.last_error,
    day: deliveryDay(row.event_key, row.created_at),
  }));
}

export function failedDeliveriesQuery(companyId: string) {
  return queryOptions({
    queryKey: noticeSettingKeys.failed(companyId),
    queryFn: ({ signal }) => getFailedDeliveries(companyId, signal),
  });
}

export function useFailedDeliveries() {
  const { id } = useCurrentCompany();
  return useQuery(failedDeliveriesQuery(id));
}
