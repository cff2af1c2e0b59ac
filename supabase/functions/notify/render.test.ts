// The notify function's renderers (pure modules): the daily e-mail, notice e-mails, push payloads.
import { describe, expect, it } from 'vitest';
import { formatCurrency as appFormatCurrency } from '../../../src/lib/money';
import { renderDigestEmail } from './digest-email';
import { appLink, escapeHtml, formatCurrency, longDay } from './format';
import { renderNoticeEmail } from './notice-email';
import { pushPayload } from './push-payload';
import type { ClaimedDelivery, Digest } from './types';

const APP = 'https://app.exemplo.com.br/';
const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const ID3 = '33333333-3333-4333-8333-333333333333';

function digest(): Digest {
  return {
    day: '2026-12-04',
    company_name: 'Construtora <Alfa> & Filhos',
    recipient_name: 'Ana "Dona" Souza',
    sections: [
      {
        key: 'today',
        pagar: { count: 13, total_cents: 123_456_78 },
        receber: { count: 1, total_cents: 500_00 },
        items: [
          {
            entry_kind: 'expense',
            id: ID1,
            description: 'Areia <script>alert(1)</script>',
            due_date: '2026-12-04',
            amount_cents: 480_00,
            project_name: 'Obra Norte',
            link: `/lancamentos/expense/${ID1}`,
          },
          {
            entry_kind: 'income',
            id: ID2,
            description: 'Medição 3',
            due_date: '2026-12-04',
            amount_cents: 500_00,
            project_name: null,
            link: `/lancamentos/income/${ID2}`,
          },
        ],
      },
      {
        key: 'overdue',
        pagar: { count: 1, total_cents: 99_90 },
        receber: { count: 0, total_cents: 0 },
        items: [
          {
            entry_kind: 'expense',
            id: ID3,
            description: 'Cimento',
            due_date: '2026-12-01',
            amount_cents: 99_90,
            project_name: null,
            link: `/lancamentos/expense/${ID3}`,
          },
        ],
      },
      {
        key: 'approvals',
        pagar: { count: 2, total_cents: 2_000_00 },
        receber: { count: 0, total_cents: 0 },
        items: [
          {
            entry_kind: 'expense',
            id: ID3,
            description: 'Brita',
            due_date: '2026-12-10',
            amount_cents: 1_000_00,
            project_name: 'Obra Sul',
            link: `/lancamentos/expense/${ID3}`,
          },
        ],
      },
    ],
  };
}

describe('formatCurrency (the function’s copy)', () => {
  it('writes exactly what the app writes', () => {
    for (const cents of [0, 1, 99, 100, 123456, -50, 99_999_999_999_999, 1_000_000_00, -1_234_56])
      expect(formatCurrency(cents)).toBe(appFormatCurrency(cents));
  });
});

describe('format helpers', () => {
  it('names the weekday of a day without any time zone', () => {
    expect(longDay('2026-12-04')).toBe('sexta-feira, 04/12/2026');
    expect(longDay('2027-01-03')).toBe('domingo, 03/01/2027');
  });
  it('joins only app paths under APP_URL', () => {
    expect(appLink(APP, '/contas-pagar')).toBe('https://app.exemplo.com.br/contas-pagar');
    expect(appLink(APP, '//evil.example/x')).toBe('https://app.exemplo.com.br/');
    expect(appLink(APP, '/\\evil.example')).toBe('https://app.exemplo.com.br/');
    expect(appLink(APP, 'javascript:alert(1)')).toBe('https://app.exemplo.com.br/');
  });
  it('escapes what HTML would read', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('the daily e-mail', () => {
  const email = renderDigestEmail(digest(), APP);

  it('has the subject "Contas do dia — <empresa> — dd/MM"', () => {
    expect(email.subject).toBe('Contas do dia — Construtora <Alfa> & Filhos — 04/12');
  });

  it('plain text: sections, counts and R$ totals, every line with its link', () => {
    const t = email.text;
    expect(t).toContain('Bom dia, Ana "Dona" Souza!');
    expect(t).toContain('Contas de Construtora <Alfa> & Filhos para sexta-feira, 04/12/2026.');
    expect(t).toContain(
      'VENCEM HOJE\nA pagar: 13 contas — R$\u00a0123.456,78\nA receber: 1 conta — R$\u00a0500,00',
    );
    expect(t).toContain(
      `- Areia <script>alert(1)</script> — Obra Norte (a pagar, vence hoje): R$\u00a0480,00\n  https://app.exemplo.com.br/lancamentos/expense/${ID1}`,
    );
    expect(t).toContain(
      `- Medição 3 (a receber, vence hoje): R$\u00a0500,00\n  https://app.exemplo.com.br/lancamentos/income/${ID2}`,
    );
    expect(t).toContain('- e mais 12 contas a pagar: https://app.exemplo.com.br/contas-pagar');
    expect(t).toContain('VENCIDAS\nA pagar: 1 conta — R$\u00a099,90');
    expect(t).toContain('Cimento (a pagar, venceu 01/12)');
    expect(t).toContain('AGUARDANDO SUA APROVAÇÃO\nA pagar: 2 contas — R$\u00a02.000,00');
    expect(t).toContain('- e mais 1 conta a pagar: https://app.exemplo.com.br/aprovacoes');
    expect(t).toContain('https://app.exemplo.com.br/preferencias');
    expect(t).not.toContain('NOS PRÓXIMOS DIAS'); // only the sections the digest has
  });

  it('HTML: pt-BR, the same facts, user text escaped, links into the app', () => {
    const h = email.html;
    expect(h).toContain('<html lang="pt-BR">');
    expect(h).not.toContain('<script>');
    expect(h).not.toContain('<Alfa>');
    expect(h).toContain('Areia &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(h).toContain('Construtora &lt;Alfa&gt; &amp; Filhos');
    expect(h).toContain('Ana &quot;Dona&quot; Souza');
    expect(h).toContain(`href="https://app.exemplo.com.br/lancamentos/expense/${ID1}"`);
    expect(h).toContain('href="https://app.exemplo.com.br/contas-pagar"');
    expect(h).toContain('href="https://app.exemplo.com.br/aprovacoes"');
    expect(h).toContain('<strong>R$\u00a0123.456,78</strong>');
    expect(h).toContain('>Vencem hoje</h2>');
    expect(h).toContain('>Vencidas</h2>');
    expect(h).toContain('>Aguardando sua aprovação</h2>');
    // every href is under APP_URL
    for (const [, href] of h.matchAll(/href="([^"]*)"/g))
      expect(href?.startsWith('https://app.exemplo.com.br/')).toBe(true);
  });

  it('keeps line breaks of user text out of the subject', () => {
    const d = { ...digest(), company_name: 'A\r\nBcc: x@y.z' };
    expect(renderDigestEmail(d, APP).subject).toBe('Contas do dia — A Bcc: x@y.z — 04/12');
  });
});

describe('a notice e-mail', () => {
  it('title as subject, body lines, a link into the app; escaped', () => {
    const email = renderNoticeEmail(
      {
        title: 'Aprovação pendente: Areia <b>média</b> — R$ 480,00 — Obra Norte',
        body: 'Lançada por Beto\nVence 04/12',
        link: `/lancamentos/expense/${ID1}`,
      },
      'Construtora & Cia',
      'http://127.0.0.1:5173',
    );
    expect(email.subject).toBe('Aprovação pendente: Areia <b>média</b> — R$ 480,00 — Obra Norte');
    expect(email.text).toBe(
      [
        'Aprovação pendente: Areia <b>média</b> — R$ 480,00 — Obra Norte',
        '',
        'Lançada por Beto',
        'Vence 04/12',
        '',
        `Abrir no App Finanças: http://127.0.0.1:5173/lancamentos/expense/${ID1}`,
        '',
        'Construtora & Cia · Escolher o que você recebe: http://127.0.0.1:5173/preferencias',
        '',
      ].join('\n'),
    );
    expect(email.html).toContain('Areia &lt;b&gt;média&lt;/b&gt;');
    expect(email.html).toContain('Construtora &amp; Cia');
    expect(email.html).toContain(`href="http://127.0.0.1:5173/lancamentos/expense/${ID1}"`);
    expect(email.html).not.toContain('<b>');
  });
});

describe('push payloads', () => {
  const base: ClaimedDelivery = {
    id: 'd1',
    channel: 'push',
    kind: 'approval_refused',
    event_key: `${ID1}@2026-12-04T10:00:00Z`,
    attempts: 1,
    email: null,
    subscription: { endpoint: 'https://push.example/x', p256dh: 'k', auth: 'a' },
    company_name: 'Construtora Alfa',
    notice: {
      title: 'Recusada: Areia média',
      body: 'Motivo: fora do orçamento',
      link: `/lancamentos/expense/${ID1}`,
    },
    digest: null,
  };

  it('a notice: title, body, the app path, tag kind:event', () => {
    expect(pushPayload(base)).toEqual({
      title: 'Recusada: Areia média',
      body: 'Motivo: fora do orçamento',
      link: `/lancamentos/expense/${ID1}`,
      tag: `approval_refused:${ID1}@2026-12-04T10:00:00Z`,
    });
  });

  it('a notice without body says which company; a foreign link opens the app', () => {
    const p = pushPayload({ ...base, notice: { title: 'T', body: null, link: '//evil.example' } });
    expect(p.body).toBe('Construtora Alfa');
    expect(p.link).toBe('/');
  });

  it('stays far below Web Push’s 4 kB', () => {
    const long = 'x'.repeat(5000);
    const p = pushPayload({ ...base, notice: { title: long, body: long, link: '/' } });
    expect(new TextEncoder().encode(JSON.stringify(p)).length).toBeLessThan(3000);
  });

  it('a digest: the subject and one line per section', () => {
    const p = pushPayload({
      ...base,
      kind: 'due_summary',
      event_key: '2026-12-04',
      notice: null,
      digest: digest(),
    });
    expect(p.title).toBe('Contas do dia — Construtora <Alfa> & Filhos — 04/12');
    expect(p.body).toBe(
      'Hoje: 13 a pagar (R$\u00a0123.456,78), 1 a receber (R$\u00a0500,00)\nVencidas: 1 a pagar (R$\u00a099,90)\nAprovações: 2 a pagar (R$\u00a02.000,00)',
    );
    expect(p.tag).toBe('due_summary:2026-12-04');
  });
});
