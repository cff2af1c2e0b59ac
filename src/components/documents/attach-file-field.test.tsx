import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttachFileField } from '@/components/documents/attach-file-field';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../lib/documents/test-fixtures', name));

describe('AttachFileField', () => {
  it('refuses a file whose bytes are not what its name says, saying why, and takes a real one', async () => {
    const onChange = vi.fn();
    render(<AttachFileField label="Anexar comprovante" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Anexar comprovante');
    await userEvent.upload(
      input,
      new File([fixture('texto-chamado-foto.jpg')], 'foto.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'foto.jpg não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).',
    );
    expect(onChange).not.toHaveBeenCalled();
    // No retry is offered: only choosing another file.
    expect(screen.queryByRole('button', { name: /Tentar novamente/ })).toBeNull();

    const pdf = new File([fixture('nota.pdf')], 'comprovante.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, pdf);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(pdf));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
