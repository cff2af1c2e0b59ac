import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineBanner, SAVED_COPY_TEXT } from '@/components/offline/offline-banner';
import { PAGE_STARTED_AT } from '@/lib/offline/saved-cache';
import { useShowsSavedCopy } from '@/lib/offline/use-shows-saved-copy';
import { createQueryClient } from '@/lib/query-client';

const LIST = ['companies', 'c1', 'entries', 'list', {}];

function Screen({ answer }: { answer: Promise<string[]> }) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the server's answer, not a key
  const list = useQuery({ queryKey: LIST, queryFn: () => answer });
  const savedCopy = useShowsSavedCopy();
  return (
    <>
      <OfflineBanner waiting={0} savedCopy={savedCopy} />
      <ul>
        {(list.data ?? []).map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    </>
  );
}

describe('the saved copy on screen', () => {
  it('says "Atualizando…" while a restored copy shows, and stops once the server answers', async () => {
    const queryClient = createQueryClient();
    // Restored after a reload: saved by the page before this one, marked stale by the restore.
    queryClient.setQueryData(LIST, ['antiga 1', 'antiga 2'], { updatedAt: PAGE_STARTED_AT - 5000 });
    void queryClient.invalidateQueries({ queryKey: LIST, refetchType: 'none' });
    let serverAnswers: (rows: string[]) => void = () => undefined;
    const answer = new Promise<string[]>((resolve) => (serverAnswers = resolve));
    render(
      <QueryClientProvider client={queryClient}>
        <Screen answer={answer} />
      </QueryClientProvider>,
    );

    expect(screen.getByText('antiga 1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SAVED_COPY_TEXT);

    await act(async () => {
      serverAnswers(['nova']);
      await answer;
    });
    expect(await screen.findByText('nova')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing over data this page fetched', async () => {
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Screen answer={Promise.resolve(['nova'])} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('nova')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
