import { FileCode2 } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { NfeSplitSlot } from '@/components/capture/nfe-import-dialog';

const NfeImportDialog = lazyDialog(
  async () => (await import('@/components/capture/nfe-import-dialog')).NfeImportDialog,
  (props) => props.open,
);

/** "Importar NF-e (XML)" and its dialog (loaded on intent), for Lançar and a supplier's page. */
export function NfeImportButton({
  className,
  split,
}: {
  className?: string;
  /** "Ratear" in the dialog (Lançar gives it). */
  split?: NfeSplitSlot;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className={cn(className)}
        onClick={() => setOpen(true)}
        onPointerEnter={NfeImportDialog.preload}
        onFocus={NfeImportDialog.preload}
      >
        <FileCode2 aria-hidden="true" />
        Importar NF-e (XML)
      </Button>
      <NfeImportDialog open={open} onOpenChange={setOpen} split={split} />
    </>
  );
}
