import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XlsxExportButton } from '@/components/xlsx-export-button';
import type { XlsxExportSpec, XlsxRowSink } from '@/lib/xlsx-export';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('XlsxExportButton', () => {
  it('shows the reading progress, and Cancelar stops it without a download', async () => {
    const createUrl = vi.fn(() => 'blob:x');
    Object.defineProperty(URL, 'createObjectURL', { value: createUrl, configurable: true });
    let seen: XlsxRowSink | null = null;
    let aborted = false;
    const spec: XlsxExportSpec = {
      fileName: 'x.xlsx',
      sheetName: 'x',
      title: null,
      columns: [{ header: 'Valor', type: 'money', width: 10 }],
      produce: (sink) => {
        seen = sink;
        sink.expect(3);
        sink.add([[100]]);
        return new Promise((_, reject) => {
          sink.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('cancelada', 'AbortError'));
          });
        });
      },
    };
    render(<XlsxExportButton makeSpec={() => spec} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    expect(await screen.findByText('Lendo 1 de 3...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(seen).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('button', { name: 'Exportar Excel' })).toBeEnabled();
    expect(aborted).toBe(true);
    expect(createUrl).not.toHaveBeenCalled();
  });
});
