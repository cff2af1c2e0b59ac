import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lazyPiece } from '@/components/lazy-piece';
import { useCan } from '@/lib/roles';

// Its Radix Dialog code loads on the first "?", never with the first screen.
const ShortcutsHelp = lazyPiece(async () => (await import('@/app/shortcuts-help')).ShortcutsHelp, {
  look: 'floating',
  close: (props) => props.onClose(),
});

/** Search fields of list pages: `<input type="search">` is a searchbox; others may opt in. */
export const SEARCH_SELECTOR =
  'main input[type="search"], main [role="searchbox"], main [data-search]';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[role="combobox"], [role="textbox"], [role="listbox"], [role="menu"]') !== null
  );
}

function focusSearch(): boolean {
  const fields = document.querySelectorAll<HTMLElement>(SEARCH_SELECTOR);
  const field = [...fields].find((el) => el.getClientRects().length > 0);
  if (!field) return false;
  field.focus();
  if (field instanceof HTMLInputElement) field.select();
  return true;
}

/**
 * The office desktop's shortcuts: "n" opens Lançar (for a role that records), "/" focuses the list's search, "?" lists the
 * shortcuts. Never while typing in a field, with Ctrl/Alt/Meta, or while a dialog is open.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  // Leitura records nothing: "n" does nothing and the help does not offer it.
  const canRecord = useCan()('createPayable');

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;

      // "?" needs Shift on most keyboards; "n" and "/" must come without it.
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (event.shiftKey) {
        return;
      } else if (event.key === 'n' && canRecord) {
        event.preventDefault();
        void navigate('/lancar');
      } else if (event.key === '/') {
        if (focusSearch()) event.preventDefault();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, canRecord]);

  return helpOpen ? (
    <ShortcutsHelp canRecord={canRecord} onClose={() => setHelpOpen(false)} />
  ) : null;
}
