import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '@/components/offline/offline-banner';

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('OfflineBanner', () => {
  it('says "Sem conexão" while offline and goes away when the connection returns', () => {
    render(<OfflineBanner waiting={0} />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    act(() => onlineManager.setOnline(false));
    expect(status).toHaveTextContent('Sem conexão');
    expect(status).toHaveTextContent('Mostrando os últimos dados salvos neste aparelho');

    act(() => onlineManager.setOnline(true));
    expect(status).toBeEmptyDOMElement();
  });

  it('counts what waits to be sent, offline and while sending', () => {
    const { rerender } = render(<OfflineBanner waiting={2} />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('2 lançamentos aguardando envio.');

    rerender(<OfflineBanner waiting={1} />);
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).not.toHaveTextContent('Sem conexão');
    expect(screen.getByRole('status')).toHaveTextContent('1 lançamento aguardando envio.');
  });

  it('counts a photo taken offline among what waits, by name', () => {
    const { rerender } = render(<OfflineBanner waiting={1} documents={1} />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 lançamento e 1 documento aguardando envio.',
    );
    // The entry went first; its photo still waits.
    rerender(<OfflineBanner waiting={0} documents={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('2 documentos aguardando envio.');
  });

  it('keeps one place of one height whatever it says, so nothing under it moves (issue 36)', () => {
    const { rerender } = render(<OfflineBanner waiting={0} />);
    const status = screen.getByRole('status');
    const place = status.className;
    // A fixed height (h-*), never a margin that comes with the text.
    expect(place).toMatch(/(^|\s)h-9(\s|$)/);
    expect(place).not.toMatch(/(^|\s)(m[tb]?|min-h)-/);

    rerender(<OfflineBanner waiting={0} savedCopy />);
    expect(status).toHaveTextContent('Atualizando… Mostrando os dados salvos neste aparelho.');
    expect(status.className).toBe(place);

    act(() => onlineManager.setOnline(false));
    rerender(<OfflineBanner waiting={2} documents={1} />);
    expect(status).toHaveTextContent('Sem conexão');
    expect(status.className).toBe(place);

    act(() => onlineManager.setOnline(true));
    rerender(<OfflineBanner waiting={0} />);
    expect(status).toBeEmptyDOMElement();
    expect(status.className).toBe(place);
  });
});
