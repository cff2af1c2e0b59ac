import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NfeSplitSlot } from '@/components/capture/nfe-import-dialog';
import { SupplierDetailRoute } from '@/app/supplier-detail-route';

// The page itself is the suppliers feature's (its NF-e button hands `split` to the dialog, as
// Lançar's does); here only what the route gives it.
vi.mock('@/features/suppliers/pages/supplier-detail-page', () => ({
  SupplierDetailPage: ({ nfeSplit }: { nfeSplit?: NfeSplitSlot }) =>
    nfeSplit ? (
      <div>
        <p>{nfeSplit.active ? 'Rateado' : 'Sem rateio'}</p>
        {nfeSplit.active ? null : nfeSplit.render(100_000)}
      </div>
    ) : (
      <p>Sem Ratear</p>
    ),
}));

describe("a supplier's page: Importar NF-e has Ratear (issue 33)", () => {
  it('the route gives the page the same Ratear slot as Lançar', async () => {
    render(<SupplierDetailRoute />);
    expect(screen.getByText('Sem rateio')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ratear' }));
    expect(screen.getByText('Rateado')).toBeInTheDocument();
  });
});
