import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DataTable, RowLink, sortRows, type DataTableColumn } from '@/components/data-table';

interface Row {
  id: string;
  name: string;
  spent: number | null;
}

const rows: Row[] = [
  { id: '1', name: 'Depósito Silva', spent: 500 },
  { id: '2', name: 'areia & cia', spent: null },
  { id: '3', name: 'Ótima Elétrica', spent: 12000 },
  { id: '4', name: 'Cimento 10', spent: 80 },
  { id: '5', name: 'Cimento 9', spent: 80 },
];

const columns: DataTableColumn<Row>[] = [
  {
    id: 'name',
    header: 'Nome',
    cell: (row) => <RowLink to={`/fornecedores/${row.id}`}>{row.name}</RowLink>,
    sortValue: (row) => row.name,
  },
  {
    id: 'spent',
    header: 'Gasto',
    numeric: true,
    cell: (row) => row.spent ?? '—',
    sortValue: (row) => row.spent,
  },
  { id: 'notes', header: 'Observações', cell: () => '' },
];

function renderTable() {
  render(
    <MemoryRouter>
      <DataTable label="Fornecedores" columns={columns} rows={rows} rowKey={(row) => row.id} />
    </MemoryRouter>,
  );
  const table = screen.getByRole('table', { name: 'Fornecedores' });
  const names = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
  const header = (name: string) => within(table).getByRole('columnheader', { name });
  return { table, names, header };
}

describe('DataTable', { timeout: 15_000 }, () => {
  it('keeps the given order until a column is sorted; the name sorts both ways in pt-BR order', async () => {
    const user = userEvent.setup();
    const { names, header } = renderTable();
    expect(names()).toEqual([
      'Depósito Silva',
      'areia & cia',
      'Ótima Elétrica',
      'Cimento 10',
      'Cimento 9',
    ]);
    expect(header('Nome')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Nome')).getByRole('button', { name: 'Nome' }));
    expect(header('Nome')).toHaveAttribute('aria-sort', 'ascending');
    // Accents and case do not matter; digits compare as numbers (9 before 10).
    expect(names()).toEqual([
      'areia & cia',
      'Cimento 9',
      'Cimento 10',
      'Depósito Silva',
      'Ótima Elétrica',
    ]);

    await user.click(within(header('Nome')).getByRole('button', { name: 'Nome' }));
    expect(header('Nome')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual([
      'Ótima Elétrica',
      'Depósito Silva',
      'Cimento 10',
      'Cimento 9',
      'areia & cia',
    ]);
  });

  it('sorts numbers as numbers, with empty values last in both directions, from the keyboard', async () => {
    const user = userEvent.setup();
    const { names, header } = renderTable();
    // Tab reaches the header buttons in order: Nome, then Gasto.
    await user.tab();
    expect(within(header('Nome')).getByRole('button')).toHaveFocus();
    await user.tab();
    expect(within(header('Gasto')).getByRole('button')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(header('Gasto')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Nome')).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual([
      'Cimento 10',
      'Cimento 9',
      'Depósito Silva',
      'Ótima Elétrica',
      'areia & cia',
    ]);

    await user.keyboard(' ');
    expect(header('Gasto')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual([
      'Ótima Elétrica',
      'Depósito Silva',
      'Cimento 10',
      'Cimento 9',
      'areia & cia',
    ]);
  });

  it('offers no sort on a column without a sort value, and each row links to its detail', () => {
    const { table, header } = renderTable();
    expect(header('Observações')).not.toHaveAttribute('aria-sort');
    expect(within(header('Observações')).queryByRole('button')).toBeNull();
    expect(within(table).getByRole('link', { name: 'Ótima Elétrica' })).toHaveAttribute(
      'href',
      '/fornecedores/3',
    );
  });
});

describe('sortRows', () => {
  it('does not change the array it is given', () => {
    const copy = [...rows];
    sortRows(rows, (row) => row.name, 'descending');
    expect(rows).toEqual(copy);
  });
});
