import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReceiptPhotoInput } from '@/features/entries/components/wizard/receipt-photo';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../../../lib/documents/test-fixtures', name));

describe('ReceiptPhotoInput', () => {
  it('a text named foto.jpg is not taken, and the step says why; a real photo is', async () => {
    const onChange = vi.fn();
    render(<ReceiptPhotoInput value={null} onChange={onChange} />);
    const input = screen.getByLabelText(/Foto do comprovante/);
    await userEvent.upload(
      input,
      new File([fixture('texto-chamado-foto.jpg')], 'foto.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'foto.jpg não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).',
    );
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.upload(
      input,
      new File([fixture('foto.jpg')], 'recibo.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        name: 'recibo.jpg',
        dataUrl: expect.stringMatching(/^data:image\/jpeg;base64,/) as unknown,
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
