// Formatting shared by the notify function's renderers: pure (no Deno API, no npm import), so
// Vitest tests them under Node.

const NBSP = '\u00a0';

/**
 * 123456 → "R$ 1.234,56", -50 → "-R$ 0,50": the app's formatCurrency (src/lib/money.ts), copied
 * because a deployed function carries only supabase/functions (format.test.ts proves they agree).
 */
export function formatCurrency(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  const sign = cents < 0 && abs !== 0 ? '-' : '';
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$${NBSP}${reais},${String(abs % 100).padStart(2, '0')}`;
}

function parseDay(day: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a yyyy-MM-dd day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** "2026-12-04" → "04/12" (the day as written, no time zone involved). */
export function dayMonth(day: string): string {
  const [, month, date] = parseDay(day);
  return `${String(date).padStart(2, '0')}/${String(month).padStart(2, '0')}`;
}

const WEEKDAYS = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];

/** "2026-12-04" → "sexta-feira, 04/12/2026". */
export function longDay(day: string): string {
  const [year, month, date] = parseDay(day);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? '';
  return `${weekday}, ${dayMonth(day)}/${year}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (a description, a company name: user input) made safe inside HTML text and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * An app path as an absolute link under APP_URL. Only paths of the app ("/…", never "//host" or
 * "/\host", which browsers read as another host) are joined; anything else links to the app's
 * start page.
 */
export function appLink(appUrl: string, path: string): string {
  const base = appUrl.replace(/\/+$/, '');
  const safe = /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
  return `${base}${safe}`;
}

/** 1 → "1 conta", 3 → "3 contas". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
