import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useUnreadNoticeCount } from '@/lib/api/notice-count';
import { cn } from '@/lib/utils';

/** The Badging API of an installed app (Chrome, Edge, Safari 16.4+); absent elsewhere. */
interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** The count on the installed app's icon, where the device has the Badging API. */
export function showAppBadge(count: number, nav: BadgingNavigator = navigator): void {
  if (typeof nav.setAppBadge !== 'function' || typeof nav.clearAppBadge !== 'function') return;
  // A refusal (not installed, permission) is harmless: the bell in the app still shows it.
  void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => undefined);
}

export function unreadLabel(count: number): string {
  if (count === 0) return 'Avisos';
  return count === 1 ? 'Avisos, 1 não lido' : `Avisos, ${count} não lidos`;
}

/**
 * Avisos: the bell with the unread count, in the phone's header and the desktop sidebar. Opens
 * /avisos (its own chunk). `withLabel`: the sidebar's link shows "Avisos" beside the bell.
 */
export function NoticeBell({
  withLabel = false,
  className,
}: {
  withLabel?: boolean;
  className?: string;
}) {
  const count = useUnreadNoticeCount().data ?? 0;

  useEffect(() => {
    showAppBadge(count);
  }, [count]);

  const shown = count > 99 ? '99+' : String(count);
  return (
    <Link
      to="/avisos"
      aria-label={unreadLabel(count)}
      className={cn(
        'relative inline-flex min-h-11 min-w-11 items-center justify-center gap-3 rounded-md transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        withLabel && 'justify-start px-3 text-sm font-medium text-foreground/80',
        className,
      )}
    >
      <Bell className="size-5 shrink-0" aria-hidden="true" />
      {withLabel ? <span aria-hidden="true">Avisos</span> : null}
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notice-count"
          className={cn(
            'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold tabular-nums text-destructive-foreground',
            withLabel ? 'ml-auto' : 'absolute right-0.5 top-0.5',
          )}
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
