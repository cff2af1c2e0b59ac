import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { getMemberships } from '@/features/auth/api/get-memberships';
import { restUrl, server, trackRequests } from '@/test/msw-server';

const USER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

function row(companyName: string, role: string) {
  return {
    id: `profile-${companyName}`,
    company_id: `company-${companyName}`,
    role,
    full_name: 'Ana Souza',
    email: 'ana@example.com',
    companies: { name: companyName },
  };
}

/** What index.html's inline script leaves (scripts/vite/early-memberships.ts). */
function earlyAnswer(userId: string, rows: unknown) {
  window.__earlyMemberships = { userId, rows: Promise.resolve(rows) };
}

function serverAnswers(rows: unknown[]) {
  server.use(http.get(restUrl('user_profiles'), () => HttpResponse.json(rows)));
}

describe('getMemberships', () => {
  afterEach(() => {
    window.__earlyMemberships = undefined;
  });

  it('takes the answer the HTML asked for, without a request of its own', async () => {
    const requests = trackRequests();
    earlyAnswer(USER_ID, [row('Obras Sul', 'financeiro'), row('Construtora Alfa', 'admin')]);

    const memberships = await getMemberships(USER_ID);

    expect(requests).toEqual([]);
    expect(memberships.map((m) => [m.companyName, m.role])).toEqual([
      ['Construtora Alfa', 'admin'],
      ['Obras Sul', 'financeiro'],
    ]);
  });

  it('takes it once: the next read asks the server', async () => {
    earlyAnswer(USER_ID, [row('Construtora Alfa', 'admin')]);
    await getMemberships(USER_ID);

    serverAnswers([row('Construtora Alfa', 'obra')]);
    const requests = trackRequests();
    const memberships = await getMemberships(USER_ID);

    expect(requests).toHaveLength(1);
    expect(memberships[0]?.role).toBe('obra');
  });

  it("asks the server when the HTML's request failed or was for another user", async () => {
    serverAnswers([row('Construtora Alfa', 'admin')]);
    const requests = trackRequests();

    earlyAnswer(USER_ID, null); // the inline script's answer to a failed request
    expect(await getMemberships(USER_ID)).toHaveLength(1);
    earlyAnswer('bbbbbbbb-0000-4000-8000-000000000002', [row('Outra', 'admin')]);
    expect((await getMemberships(USER_ID))[0]?.companyName).toBe('Construtora Alfa');

    expect(requests).toHaveLength(2);
  });
});
