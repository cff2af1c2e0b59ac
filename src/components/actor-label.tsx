import { cn } from '@/lib/utils';

/**
 * Who wrote an audit row, by name AND e-mail on every screen size (names are unique per company,
 * the e-mail is what cannot be borrowed at all; a tooltip is nothing on a phone).
 */
export function ActorLabel({
  name,
  email,
  fallback,
  nameClassName,
}: {
  name: string | null;
  email: string | null;
  /** Shown when the row names nobody (e.g. "Sistema"). */
  fallback: string;
  nameClassName?: string;
}) {
  const shownName = name ?? (email ? null : fallback);
  return (
    <>
      {shownName ? <span className={nameClassName}>{shownName}</span> : null}
      {email && email !== shownName ? (
        <span className={cn('break-all', shownName ? 'text-muted-foreground' : nameClassName)}>
          {shownName ? ` (${email})` : email}
        </span>
      ) : null}
    </>
  );
}
