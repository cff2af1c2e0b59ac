// The e-mail of one notice (approval pending or decided, invitation accepted, import done): its
// title, body and a link into the app. Pure (no Deno API, no npm import): Vitest tests it.
import { oneLine, type RenderedEmail } from './digest-email.ts';
import { appLink, escapeHtml } from './format.ts';
import type { NoticeContent } from './types.ts';

export function renderNoticeEmail(
  notice: NoticeContent,
  companyName: string,
  appUrl: string,
): RenderedEmail {
  const link = appLink(appUrl, notice.link);
  const bodyLines = (notice.body ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const text = [
    oneLine(notice.title),
    '',
    ...bodyLines,
    ...(bodyLines.length ? [''] : []),
    `Abrir no App Finanças: ${link}`,
    '',
    `${oneLine(companyName)} · Escolher o que você recebe: ${appLink(appUrl, '/preferencias')}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(oneLine(notice.title))}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;">
<p style="color:#52525b;font-size:14px;margin:0 0 8px 0;">${escapeHtml(companyName)}</p>
<h1 style="font-size:20px;margin:0 0 12px 0;">${escapeHtml(notice.title)}</h1>
${bodyLines.map((l) => `<p style="font-size:14px;margin:0 0 8px 0;">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:20px 0 8px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px;">Abrir no App Finanças</a></p>
<p style="color:#71717a;font-size:12px;"><a href="${escapeHtml(appLink(appUrl, '/preferencias'))}" style="color:#1d4ed8;">Escolher o que você recebe</a></p>
</div>
</body>
</html>
`;
  return { subject: oneLine(notice.title), html, text };
}
