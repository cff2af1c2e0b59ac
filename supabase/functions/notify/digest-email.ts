// The daily e-mail ("Contas do dia"): subject, HTML and plain text in pt-BR from
// private.daily_digest's JSON. Pure (no Deno API, no npm import): Vitest tests it.
// Everything a user typed (descriptions, obra and company names) is escaped in the HTML; every
// line links into the app under APP_URL.
import { appLink, dayMonth, escapeHtml, formatCurrency, longDay, plural } from './format.ts';
import type { Digest, DigestItem, DigestSection, DigestSectionKey } from './types.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const SECTION_TITLES: Record<DigestSectionKey, string> = {
  today: 'Vencem hoje',
  soon: 'Nos próximos dias',
  overdue: 'Vencidas',
  approvals: 'Aguardando sua aprovação',
};

/** One line of a header: no line breaks from user text. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

function sideLines(section: DigestSection): { label: string; count: number; total: number }[] {
  const sides = [
    { label: 'A pagar', count: section.pagar.count, total: section.pagar.total_cents },
    { label: 'A receber', count: section.receber.count, total: section.receber.total_cents },
  ];
  return sides.filter((s) => s.count > 0);
}

function dueWords(section: DigestSectionKey, item: DigestItem): string {
  if (section === 'overdue') return `venceu ${dayMonth(item.due_date)}`;
  if (section === 'today') return 'vence hoje';
  return `vence ${dayMonth(item.due_date)}`;
}

/** "e mais N" lines: what the e-mail leaves out, per list of the app, with its link. */
function moreLinks(section: DigestSection): { text: string; path: string }[] {
  const shownPagar = section.items.filter((i) => i.entry_kind === 'expense').length;
  const shownReceber = section.items.length - shownPagar;
  const out: { text: string; path: string }[] = [];
  const hiddenPagar = section.pagar.count - shownPagar;
  const hiddenReceber = section.receber.count - shownReceber;
  if (hiddenPagar > 0)
    out.push({
      text: `e mais ${plural(hiddenPagar, 'conta a pagar', 'contas a pagar')}`,
      path: section.key === 'approvals' ? '/aprovacoes' : '/contas-pagar',
    });
  if (hiddenReceber > 0)
    out.push({
      text: `e mais ${plural(hiddenReceber, 'conta a receber', 'contas a receber')}`,
      path: '/contas-receber',
    });
  return out;
}

export function digestSubject(digest: Digest): string {
  return oneLine(`Contas do dia — ${digest.company_name} — ${dayMonth(digest.day)}`);
}

function itemText(section: DigestSectionKey, item: DigestItem): string {
  const what = [item.description, item.project_name].filter(Boolean).join(' — ');
  const side = item.entry_kind === 'income' ? 'a receber' : 'a pagar';
  return `${oneLine(what)} (${side}, ${dueWords(section, item)}): ${formatCurrency(item.amount_cents)}`;
}

export function renderDigestText(digest: Digest, appUrl: string): string {
  const lines: string[] = [
    `Bom dia, ${oneLine(digest.recipient_name)}!`,
    '',
    `Contas de ${oneLine(digest.company_name)} para ${longDay(digest.day)}.`,
  ];
  for (const section of digest.sections) {
    lines.push('', SECTION_TITLES[section.key].toUpperCase());
    for (const s of sideLines(section))
      lines.push(`${s.label}: ${plural(s.count, 'conta', 'contas')} — ${formatCurrency(s.total)}`);
    for (const item of section.items) {
      lines.push(`- ${itemText(section.key, item)}`, `  ${appLink(appUrl, item.link)}`);
    }
    for (const more of moreLinks(section))
      lines.push(`- ${more.text}: ${appLink(appUrl, more.path)}`);
  }
  lines.push(
    '',
    `Abrir o App Finanças: ${appLink(appUrl, '/')}`,
    `Escolher o que você recebe por e-mail: ${appLink(appUrl, '/preferencias')}`,
    '',
  );
  return lines.join('\n');
}

const STYLE = {
  body: 'margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;',
  card: 'max-width:600px;margin:0 auto;background:#ffffff;padding:24px;',
  h1: 'font-size:20px;margin:0 0 4px 0;',
  muted: 'color:#52525b;font-size:14px;margin:0 0 16px 0;',
  h2: 'font-size:16px;margin:24px 0 8px 0;padding-top:16px;border-top:1px solid #e4e4e7;',
  total: 'font-size:14px;margin:0 0 4px 0;',
  item: 'padding:8px 0;border-bottom:1px solid #f4f4f5;font-size:14px;',
  amount:
    'padding:8px 0 8px 12px;border-bottom:1px solid #f4f4f5;font-size:14px;text-align:right;white-space:nowrap;',
  link: 'color:#1d4ed8;text-decoration:underline;',
  small: 'color:#71717a;font-size:12px;',
  button:
    'display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px;',
};

function itemHtml(section: DigestSectionKey, item: DigestItem, appUrl: string): string {
  const side = item.entry_kind === 'income' ? 'a receber' : 'a pagar';
  const project = item.project_name ? ` · ${escapeHtml(item.project_name)}` : '';
  return `<tr>
<td style="${STYLE.item}"><a href="${escapeHtml(appLink(appUrl, item.link))}" style="${STYLE.link}">${escapeHtml(item.description)}</a><br><span style="${STYLE.small}">${side} · ${dueWords(section, item)}${project}</span></td>
<td style="${STYLE.amount}">${formatCurrency(item.amount_cents)}</td>
</tr>`;
}

export function renderDigestHtml(digest: Digest, appUrl: string): string {
  const sections = digest.sections
    .map((section) => {
      const totals = sideLines(section)
        .map(
          (s) =>
            `<p style="${STYLE.total}"><strong>${s.label}:</strong> ${plural(s.count, 'conta', 'contas')} — <strong>${formatCurrency(s.total)}</strong></p>`,
        )
        .join('\n');
      const items = section.items.map((i) => itemHtml(section.key, i, appUrl)).join('\n');
      const more = moreLinks(section)
        .map(
          (m) =>
            `<p style="${STYLE.total}"><a href="${escapeHtml(appLink(appUrl, m.path))}" style="${STYLE.link}">${m.text}</a></p>`,
        )
        .join('\n');
      return `<h2 style="${STYLE.h2}">${SECTION_TITLES[section.key]}</h2>
${totals}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin-top:8px;">
${items}
</table>
${more}`;
    })
    .join('\n');
  const subject = escapeHtml(digestSubject(digest));
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="${STYLE.body}">
<div style="${STYLE.card}">
<h1 style="${STYLE.h1}">Bom dia, ${escapeHtml(digest.recipient_name)}!</h1>
<p style="${STYLE.muted}">Contas de <strong>${escapeHtml(digest.company_name)}</strong> para ${longDay(digest.day)}.</p>
${sections}
<p style="margin:24px 0 8px 0;"><a href="${escapeHtml(appLink(appUrl, '/'))}" style="${STYLE.button}">Abrir o App Finanças</a></p>
<p style="${STYLE.small}">Você recebe este e-mail nos dias úteis às 7h. <a href="${escapeHtml(appLink(appUrl, '/preferencias'))}" style="${STYLE.link}">Escolher o que você recebe</a>.</p>
</div>
</body>
</html>
`;
}

export function renderDigestEmail(digest: Digest, appUrl: string): RenderedEmail {
  return {
    subject: digestSubject(digest),
    html: renderDigestHtml(digest, appUrl),
    text: renderDigestText(digest, appUrl),
  };
}
