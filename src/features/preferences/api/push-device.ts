// "Neste aparelho": this browser's Web Push subscription for the signed-in user. On when the
// browser has a subscription AND the server holds it for this user (the same browser may have been
// activated since by someone else signing in on it: the endpoint then moved to them).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { sessionKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { apiHeaders, FUNCTIONS_API_URL, supabase } from '@/lib/supabase';
import {
  browserPushEnvironment,
  currentSubscription,
  pushSupport,
  subscribeDevice,
  workerRegistration,
  type PushEnvironment,
} from '@/features/preferences/lib/push-device';

export type PushDeviceState =
  | { status: 'unsupported'; reason: 'ios-not-installed' | 'browser' | 'no-worker' }
  /** The user (or the browser's settings) blocked notifications for the app. */
  | { status: 'blocked' }
  | { status: 'off' }
  | { status: 'on' };

/** Where the app's code asks the browser; tests replace it. */
export const pushEnvironment = { get: browserPushEnvironment };

async function serverHolds(endpoint: string, signal?: AbortSignal): Promise<boolean> {
  // RLS: only the caller's own devices are visible.
  let request = supabase.from('push_subscriptions').select('id').eq('endpoint', endpoint);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.maybeSingle();
  if (error) throw error;
  return data !== null;
}

export async function getPushDeviceState(
  env: PushEnvironment,
  signal?: AbortSignal,
): Promise<PushDeviceState> {
  const support = pushSupport(env);
  if (!support.supported) return { status: 'unsupported', reason: support.reason };
  if (env.notification?.permission === 'denied') return { status: 'blocked' };
  // No worker to receive (development, a private window): nothing can subscribe. The app registers
  // it after its first screen; a moment is given for that.
  const registration = await workerRegistration(env);
  if (!registration) return { status: 'unsupported', reason: 'no-worker' };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || env.notification?.permission !== 'granted') return { status: 'off' };
  return (await serverHolds(subscription.endpoint, signal)) ? { status: 'on' } : { status: 'off' };
}

export function pushDeviceQuery(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.pushDevice(userId),
    queryFn: ({ signal }) => getPushDeviceState(pushEnvironment.get(), signal),
    // The browser's permission can change outside the app: asked again when the screen returns.
    staleTime: 0,
    meta: { persist: false },
  });
}

export function usePushDevice() {
  const { userId } = useCurrentCompany();
  return useQuery({ ...pushDeviceQuery(userId), refetchOnWindowFocus: true });
}

const vapidAnswer = z.object({ key: z.string().check(z.minLength(80)) });

/** The server's VAPID public key (GET /functions/v1/notify/vapid-public-key). */
export async function getVapidKey(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${FUNCTIONS_API_URL}/notify/vapid-public-key`, {
      headers: await apiHeaders(),
    });
  } catch (error) {
    // The network error itself: the toast says "Sem conexão" when offline.
    throw error instanceof TypeError ? error : new Error('push_key_unavailable');
  }
  const parsed = response.ok
    ? vapidAnswer.safeParse(await response.json().catch(() => null))
    : null;
  if (!parsed?.success) throw new Error('push_key_unavailable');
  return parsed.data.key;
}

/** "Ativar notificações neste aparelho": the question, the subscription, then the server keeps it. */
export async function enablePush(env: PushEnvironment): Promise<void> {
  const keys = await subscribeDevice(env, getVapidKey);
  const { error } = await supabase.rpc('save_push_subscription', {
    p_endpoint: keys.endpoint,
    p_p256dh: keys.p256dh,
    p_auth: keys.auth,
    p_user_agent: env.userAgent.slice(0, 500),
  });
  if (error) throw error;
}

/**
 * "Desativar neste aparelho": the server forgets it first (then nothing more is sent, even if the
 * browser fails to unsubscribe), then the browser drops it.
 */
export async function disablePush(env: PushEnvironment): Promise<void> {
  const subscription = await currentSubscription(env);
  if (!subscription) return;
  const { error } = await supabase.rpc('delete_push_subscription', {
    p_endpoint: subscription.endpoint,
  });
  if (error) throw error;
  await subscription.unsubscribe().catch(() => undefined);
}

function usePushMutation(action: (env: PushEnvironment) => Promise<void>) {
  const { userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => action(pushEnvironment.get()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.pushDevice(userId) }),
  });
}

export function useEnablePush() {
  return usePushMutation(enablePush);
}

export function useDisablePush() {
  return usePushMutation(disablePush);
}
