// What the signed-in member receives in this company, per kind: at all (in the app), by e-mail, on
// the phone. The defaults are the database's (notice_settings_for applies them); a switch saves its
// kind at once (save_notice_setting, an upsert of the three flags).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { noticeSettingKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import { isNoticeKind, type NoticeKind } from '@/features/preferences/lib/notice-kinds';

export interface NoticeSetting {
  kind: NoticeKind;
  /** Receives it at all, in the app included. */
  enabled: boolean;
  email: boolean;
  push: boolean;
}

const settingRows = z.array(
  z.object({ kind: z.string(), enabled: z.boolean(), email: z.boolean(), push: z.boolean() }),
);

export async function getNoticeSettings(
  companyId: string,
  signal?: AbortSignal,
): Promise<NoticeSetting[]> {
  let request = supabase.rpc('notice_settings_for', { p_company_id: companyId });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  // A kind this build does not know (a newer database) is left out, never shown unnamed.
  return settingRows
    .parse(data)
    .flatMap((row) => (isNoticeKind(row.kind) ? [{ ...row, kind: row.kind }] : []));
}

export function noticeSettingsQuery(companyId: string) {
  return queryOptions({
    queryKey: noticeSettingKeys.effective(companyId),
    queryFn: ({ signal }) => getNoticeSettings(companyId, signal),
  });
}

export function useNoticeSettings() {
  const { id } = useCurrentCompany();
  return useQuery(noticeSettingsQuery(id));
}

export async function saveNoticeSetting(companyId: string, setting: NoticeSetting): Promise<void> {
  const { error } = await supabase.rpc('save_notice_setting', {
    p_company_id: companyId,
    p_kind: setting.kind,
    p_enabled: setting.enabled,
    p_email: setting.email,
    p_push: setting.push,
  });
  if (error) throw error;
}

/**
 * Saves one kind. The switch moves at once (the list is updated before the answer); a refusal puts
 * back what the server has, and the caller says why.
 */
export function useSaveNoticeSetting() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const key = noticeSettingKeys.effective(companyId);
  return useMutation({
    mutationKey: key,
    mutationFn: (setting: NoticeSetting) => saveNoticeSetting(companyId, setting),
    onMutate: async (setting) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<NoticeSetting[]>(key, (rows) =>
        rows?.map((row) => (row.kind === setting.kind ? setting : row)),
      );
    },
    // Switches tapped in a row: read the server's answer once, after the last save (an earlier
    // answer would move the later switches back for a moment).
    onSettled: () =>
      queryClient.isMutating({ mutationKey: key }) === 1
        ? queryClient.invalidateQueries({ queryKey: key })
        : undefined,
  });
}
