import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { browserOnline, useOnline } from '@/lib/online';
import { cn } from '@/lib/utils';

/**
 * The code of a piece of the app (a screen, a dialog, the toasts, the sidebar) could not be
 * fetched: offline with no service worker yet, a weak signal, a deploy that removed the old chunk.
 * Told apart from a bug in the piece, which still goes to the screen's error page.
 */
export class ModuleLoadError extends Error {
  constructor(cause: unknown) {
    super('module_load_failed', { cause });
    this.name = 'ModuleLoadError';
  }
}

/** Where the piece sits decides how its failure looks. */
export type LoadFailedLook =
  /** In the flow of a page: a screen, a section. */
  | 'block'
  /** A small box: a sidebar, a calendar in a popover. */
  | 'compact'
  /** Above the page (a dialog, the toasts): the page under it stays usable. */
  | 'floating';

export const LOAD_FAILED_TITLE = 'Erro ao carregar';
export const LOAD_FAILED_TEXT = 'Não foi possível carregar esta parte do app.';
export const LOAD_OFFLINE_TEXT =
  'Esta parte do app não está salva neste aparelho. Tente novamente quando a conexão voltar.';

/** "Sem conexão" (or "Erro ao carregar") and "Tentar novamente", never a blank page. */
export function LoadFailed({
  look = 'block',
  onRetry,
  onClose,
  className,
}: {
  look?: LoadFailedLook;
  onRetry: () => void;
  /** Floating only: puts the failure away (the dialog it stands for is closed). */
  onClose?: () => void;
  className?: string;
}) {
  const online = useOnline() && browserOnline();
  const error = (
    <QueryError
      title={online ? LOAD_FAILED_TITLE : 'Sem conexão'}
      description={online ? LOAD_FAILED_TEXT : LOAD_OFFLINE_TEXT}
      onRetry={onRetry}
      compact={look !== 'block'}
      className={cn(look === 'floating' && 'bg-card shadow-lg', className)}
    />
  );
  if (look !== 'floating') return error;
  return (
    <div className="fixed inset-x-4 top-4 z-50 mx-auto grid max-w-md gap-2">
      {error}
      {onClose ? (
        <Button variant="ghost" size="sm" className="justify-self-end" onClick={onClose}>
          Fechar
        </Button>
      ) : null}
    </div>
  );
}

interface LoadBoundaryProps {
  look: LoadFailedLook;
  onRetry: () => void;
  onClose?: () => void;
  /** false: a failure shows nothing (a dialog that was closed). */
  shown?: boolean;
  children: ReactNode;
}

/** Catches a ModuleLoadError below it; anything else goes on to the next boundary (the route's). */
export class LoadBoundary extends Component<LoadBoundaryProps, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ModuleLoadError && import.meta.env.DEV) {
      console.warn('Falha ao carregar código:', error.cause, info.componentStack);
    }
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof ModuleLoadError)) throw error;
    if (this.props.shown === false) return null;
    return (
      <LoadFailed
        look={this.props.look}
        onClose={this.props.onClose}
        onRetry={() => {
          this.props.onRetry();
          this.setState({ error: undefined });
        }}
      />
    );
  }
}

/** The page's reload, where a test can watch it. */
export const page = { reload: () => window.location.reload() };

interface LazyPieceOptions<P> {
  /** Shown while the code loads (null: nothing). */
  fallback?: ReactNode;
  look?: LoadFailedLook;
  /** Floating only: what "Fechar" does with the piece's props. */
  close?: (props: P) => void;
  /** Whether a failure is shown for these props (a dialog: while it is open). */
  shown?: (props: P) => boolean;
}

/**
 * React.lazy that fails into a visible retry: a failed import shows "Sem conexão" / "Erro ao
 * carregar" with "Tentar novamente" in the piece's place, and the retry imports again (React.lazy
 * alone keeps the failure for the page's life, and without a boundary it takes the whole app down).
 */
export function lazyPiece<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback = null, look = 'block', close, shown }: LazyPieceOptions<P> = {},
): ComponentType<P> & { preload: () => void } {
  let failedBefore = false;
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        // Chromium keeps a failed import() for the page's life (whatwg/html#6768): asked again it
        // fails at once, network or not. Online, a second failure is that, and only a reload
        // fetches the code again (the service worker serves the shell if the network is weak).
        if (failedBefore && browserOnline()) page.reload();
        failedBefore = true;
        throw new ModuleLoadError(error);
      }
    });
  let Loaded = make();
  function LazyPiece(props: P) {
    const [, setAttempt] = useState(0);
    return (
      <LoadBoundary
        look={look}
        onClose={close ? () => close(props) : undefined}
        shown={shown ? shown(props) : true}
        onRetry={() => {
          Loaded = make();
          setAttempt((attempt) => attempt + 1);
        }}
      >
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return Object.assign(LazyPiece, { preload: () => void load().catch(() => undefined) });
}
