import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pendingDocumentRemovals, removeStoredObjects } from '@/lib/document-removals';
import { server, SUPABASE_URL } from '@/test/msw-server';

const HELD = 'c/entries/e/1-comprovante.pdf';
const LOOSE = 'c/entries/e/2-recibo.jpg';

describe('removeStoredObjects', () => {
  it('an object a documents row holds is left (evidence) without holding back the others', async () => {
    const requests: unknown[] = [];
    server.use(
      http.delete(`${SUPABASE_URL}/storage/v1/object/documentos`, async ({ request }) => {
        const body = (await request.json()) as { prefixes: string[] };
        requests.push(body.prefixes);
        if (body.prefixes.includes(HELD))
          return HttpResponse.json(
            {
              statusCode: '403',
              code: 'AccessDenied',
              error: 'Unauthorized',
              message: 'document_in_use',
            },
            { status: 400 },
          );
        return HttpResponse.json(body.prefixes.map((name) => ({ name })));
      }),
    );
    expect(await removeStoredObjects('u-removals', [HELD, LOOSE])).toBe(true);
    expect(requests).toEqual([[HELD, LOOSE], [HELD], [LOOSE]]);
    expect(pendingDocumentRemovals('u-removals')).toEqual([]);
  });

  it('a removal that fails otherwise waits on the device', async () => {
    server.use(
      http.delete(`${SUPABASE_URL}/storage/v1/object/documentos`, () =>
        HttpResponse.json(
          { statusCode: '500', code: 'InternalError', error: 'internal', message: 'x' },
          { status: 500 },
        ),
      ),
    );
    expect(await removeStoredObjects('u-removals-2', [LOOSE])).toBe(false);
    expect(pendingDocumentRemovals('u-removals-2')).toEqual([LOOSE]);
  });
});
