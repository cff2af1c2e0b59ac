// This device's Web Push, as the browser sees it: whether it can receive at all, whether the user
// blocked it, and its subscription through the service worker (vite.config.ts imports
// public/push.js into it: `push` shows the notification, a tap opens its link). The browser's
// objects come in as arguments, so tests give their own.

/** What the screen needs of `window`/`navigator` (all optional: older browsers lack them). */
export interface PushEnvironment {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** The page runs as the installed app (display-mode standalone, or iOS' navigator.standalone). */
  standalone: boolean;
  hasPushManager: boolean;
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistration' | 'ready'> | undefined;
  /** How long to wait for the worker the app registers after its first screen. */
  workerWaitMs: number;
}

export function browserPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const standalone =
    nav.standalone === true ||
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches);
  return {
    userAgent: nav.userAgent,
    // iPadOS says it is a Mac: only the platform and the touch points tell it apart.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    standalone,
    hasPushManager: 'PushManager' in window,
    notification: 'Notification' in window ? window.Notification : undefined,
    serviceWorker: 'serviceWorker' in nav ? nav.serviceWorker : undefined,
    workerWaitMs: 3000,
  };
}

/** An iPhone or iPad (iPadOS says it is a Mac, but a Mac has no touch screen). */
function isAppleMobile(env: PushEnvironment): boolean {
  return (
    /iPhone|iPad|iPod/.test(env.userAgent) ||
    (env.platform === 'MacIntel' && env.maxTouchPoints > 1)
  );
}

export type PushSupport =
  | { supported: true }
  /** iOS gives Web Push only to the app added to the home screen (16.4+). */
  | { supported: false; reason: 'ios-not-installed' | 'browser' };

export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.serviceWorker && env.hasPushManager && env.notification) return { supported: true };
  if (isAppleMobile(env) && !env.standalone)
    return { supported: false, reason: 'ios-not-installed' };
  return { supported: false, reason: 'browser' };
}

/**
 * The app's active service worker registration; null where there is none (development, a private
 * window). The app registers it after its first screen, so a moment is given for that.
 */
export async function workerRegistration(
  env: PushEnvironment,
  waitMs = env.workerWaitMs,
): Promise<ServiceWorkerRegistration | null> {
  const container = env.serviceWorker;
  if (!container) return null;
  // Registered (maybe still installing: the first visit): ready gives it once active.
  if (await container.getRegistration()) return container.ready;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([container.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A VAPID public key (base64url, as the function serves it) as the bytes subscribe() takes. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (a?.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function subscriptionKeys(subscription: PushSubscription): SubscriptionKeys {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new PushDeviceError('push_subscribe_failed');
  return { endpoint: json.endpoint, p256dh, auth };
}

export type PushDeviceErrorKind =
  /** The user answered "Bloquear" (or the browser blocks this site). */
  | 'push_permission_denied'
  /** The user closed the question without answering. */
  | 'push_permission_dismissed'
  | 'push_no_worker'
  | 'push_subscribe_failed';

/** Its message is the key of its Portuguese text (src/lib/errors.ts). */
export class PushDeviceError extends Error {
  readonly kind: PushDeviceErrorKind;
  constructor(kind: PushDeviceErrorKind, options?: { cause?: unknown }) {
    super(kind, options);
    this.kind = kind;
    this.name = 'PushDeviceError';
  }
}

/**
 * Asks the permission (the tap that called this is the user's gesture) and subscribes through the
 * service worker with the server's key. A subscription made with another key (the server's keys
 * were renewed) is replaced: the browser refuses a second key for the same worker.
 */
export async function subscribeDevice(
  env: PushEnvironment,
  vapidKey: () => Promise<string>,
): Promise<SubscriptionKeys> {
  const permission = env.notification ? await env.notification.requestPermission() : 'denied';
  if (permission === 'denied') throw new PushDeviceError('push_permission_denied');
  if (permission !== 'granted') throw new PushDeviceError('push_permission_dismissed');
  const registration = await workerRegistration(env);
  if (!registration) throw new PushDeviceError('push_no_worker');
  const key = vapidKeyBytes(await vapidKey());
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) {
    return subscriptionKeys(existing);
  }
  try {
    if (existing) await existing.unsubscribe();
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    return subscriptionKeys(subscription);
  } catch (error) {
    if (error instanceof PushDeviceError) throw error;
    // NotAllowedError: blocked between the question and now.
    if (error instanceof DOMException && error.name === 'NotAllowedError') {
      throw new PushDeviceError('push_permission_denied', { cause: error });
    }
    throw new PushDeviceError('push_subscribe_failed', { cause: error });
  }
}

/** This browser's subscription, if it has one (no question asked, nothing changed). */
export async function currentSubscription(
  env: PushEnvironment,
  waitMs?: number,
): Promise<PushSubscription | null> {
  const registration = await workerRegistration(env, waitMs);
  if (!registration) return null;
  return registration.pushManager.getSubscription();
}
