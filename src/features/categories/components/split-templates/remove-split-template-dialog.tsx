import { ConfirmDialog } from '@/components/confirm-dialog';
import type { SplitTemplate } from '@/lib/api/split-templates';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { useRemoveSplitTemplate } from '@/features/categories/api/split-templates';

interface RemoveSplitTemplateDialogProps {
  /** The template to remove; null closes the dialog. */
  template: SplitTemplate | null;
  onOpenChange: (open: boolean) => void;
}

/** Excluir of a rateio padrão: entries split with it keep their parts (a template is only a shortcut). */
export function RemoveSplitTemplateDialog({
  template,
  onOpenChange,
}: RemoveSplitTemplateDialogProps) {
  const remove = useRemoveSplitTemplate();

  async function handleConfirm() {
    if (!template) return;
    try {
      await remove.mutateAsync(template.id);
    } catch (failure) {
      toastError('Erro ao excluir rateio padrão', failure);
      return;
    }
    toast.success('Rateio padrão excluído');
    onOpenChange(false);
  }

  return (
    <ConfirmDialog
      open={template !== null}
      onOpenChange={onOpenChange}
      title="Excluir rateio padrão?"
      description={
        <>
          {template ? `"${template.name}" será excluído. ` : null}
          Os lançamentos já rateados com ele mantêm suas partes.
        </>
      }
      confirmLabel="Excluir"
      busyLabel="Excluindo..."
      busy={remove.isPending}
      destructive
      onConfirm={() => void handleConfirm()}
    />
  );
}
