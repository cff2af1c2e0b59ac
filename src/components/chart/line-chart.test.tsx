import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineChart } from '@/components/chart/line-chart';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LineChart', () => {
  it('names the chart and shows the same points as a table on request', async () => {
    // jsdom has no 2D canvas: the chart is left out, its text alternative is what is tested.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <LineChart
        label="Evolução do saldo"
        dates={['2026-11-01', '2026-11-02', '2026-11-03']}
        series={[
          { id: 'a', label: 'Banco da Obra', color: 'blue', values: [100000, 55050, -2000] },
          { id: 'b', label: 'Poupança', color: 'green', values: [0, 0, 80000] },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Evolução do saldo' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Ver como tabela' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Ocultar tabela');

    const table = screen.getByRole('table', { name: 'Evolução do saldo' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Data', 'Banco da Obra', 'Poupança']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent.replace(/\s/g, ' '));
    expect(rows).toEqual([
      '01/11/2026R$ 1.000,00R$ 0,00',
      '02/11/2026R$ 550,50R$ 0,00',
      '03/11/2026-R$ 20,00R$ 800,00',
    ]);

    await userEvent.click(toggle);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
