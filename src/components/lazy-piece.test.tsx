import { onlineManager } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ComponentType, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyDialog } from '@/components/lazy-dialog';
import { lazyPiece, page } from '@/components/lazy-piece';

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x/assets/toaster.js');

function Toasts() {
  return <p>Avisos prontos</p>;
}

/** What the route's error page stands for: any error that is not a failed import. */
class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? (
      <p>Página de erro: {this.state.error.message}</p>
    ) : (
      this.props.children
    );
  }
}

// React reports every error a boundary catches; here they are the point of the tests.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('a lazy piece', () => {
  it('that cannot be fetched offline says "Sem conexão" with a retry, and the retry loads it', async () => {
    onlineManager.setOnline(false);
    const load = vi
      .fn<() => Promise<typeof Toasts>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValue(Toasts);
    const Piece = lazyPiece(load);
    render(<Piece />);

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Sem conexão');
    expect(failure).toHaveTextContent('Esta parte do app não está salva neste aparelho.');

    onlineManager.setOnline(true);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Avisos prontos')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, says "Erro ao carregar"; a retry that fails again reloads the page (the browser kept the failure)', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Toasts>>().mockRejectedValue(chunkFailure());
    const Piece = lazyPiece(load);
    render(<Piece />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao carregarNão foi possível carregar esta parte do app.',
    );
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(reload).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('offline, a retry that fails again keeps the page and its retry (a reload would lose the app)', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn<() => Promise<typeof Toasts>>().mockRejectedValue(chunkFailure());
    const Piece = lazyPiece(load);
    render(<Piece />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves a bug in the loaded piece to the page’s error boundary', async () => {
    function Broken(): ReactNode {
      throw new Error('quebrou');
    }
    const Piece = lazyPiece(() => Promise.resolve(Broken));
    render(
      <Outer>
        <Piece />
      </Outer>,
    );
    expect(await screen.findByText('Página de erro: quebrou')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });
});

describe('a lazy dialog', () => {
  interface EditDialogProps {
    open: boolean;
    onOpenChange: (open: boolean) => void;
  }

  it('that cannot be fetched shows the retry while open, and "Fechar" closes it', async () => {
    onlineManager.setOnline(false);
    const Dialog = lazyDialog(
      vi.fn<() => Promise<ComponentType<EditDialogProps>>>().mockRejectedValue(chunkFailure()),
      (props) => props.open,
    );
    const onOpenChange = vi.fn();
    const { rerender } = render(<Dialog open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão');

    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    rerender(<Dialog open={false} onOpenChange={onOpenChange} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
