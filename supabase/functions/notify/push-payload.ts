// What a phone notification carries (the service worker shows it): { title, body, link, tag }.
// `link` is an app path (the worker opens it on its own origin); `tag` is kind:event so that a
// repeat of the same event replaces the shown notification instead of stacking. Pure: Vitest
// tests it.
import { digestSubject, oneLine } from './digest-email.ts';
import { formatCurrency } from './format.ts';
import type { ClaimedDelivery } from './types.ts';

export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

/** Web Push carries at most 4 kB after encryption: titles and bodies are kept well under it. */
const MAX_TITLE = 200;
const MAX_BODY = 1000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function pushPayload(delivery: ClaimedDelivery): PushPayload {
  const event = delivery.event_key ?? delivery.notice?.link ?? delivery.id;
  const tag = `${delivery.kind}:${event}`;
  if (delivery.notice) {
    return {
      title: clip(oneLine(delivery.notice.title), MAX_TITLE),
      body: clip(delivery.notice.body?.trim() || delivery.company_name, MAX_BODY),
      link: /^\/(?![/\\])/.test(delivery.notice.link) ? delivery.notice.link : '/',
      tag,
    };
  }
  if (delivery.digest) {
    const names = {
      today: 'Hoje',
      soon: 'Próximos dias',
      overdue: 'Vencidas',
      approvals: 'Aprovações',
    };
    const lines = delivery.digest.sections.map((s) => {
      const sides = [
        s.pagar.count > 0
          ? `${s.pagar.count} a pagar (${formatCurrency(s.pagar.total_cents)})`
          : '',
        s.receber.count > 0
          ? `${s.receber.count} a receber (${formatCurrency(s.receber.total_cents)})`
          : '',
      ];
      return `${names[s.key]}: ${sides.filter(Boolean).join(', ')}`;
    });
    return {
      title: clip(digestSubject(delivery.digest), MAX_TITLE),
      body: clip(lines.join('\n'), MAX_BODY),
      link: '/avisos',
      tag,
    };
  }
  throw new Error('delivery without notice nor digest');
}
