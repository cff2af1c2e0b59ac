import { FormDialog } from '@/components/dialog-form';

const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ['N'], action: 'Abrir Lançar' },
  { keys: ['/'], action: 'Buscar na lista da página' },
  { keys: ['?'], action: 'Mostrar os atalhos do teclado' },
  { keys: ['Tab'], action: 'Ir para o próximo botão ou campo' },
  { keys: ['Enter'], action: 'Enviar o formulário' },
  { keys: ['Esc'], action: 'Fechar a janela aberta' },
];

/** "?" from anywhere (outside a field): the shortcuts of the office desktop. */
export function ShortcutsHelp({
  canRecord,
  onClose,
}: {
  /** False for leitura: "N" (Lançar) is not offered. */
  canRecord: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Atalhos do teclado"
      description="Funcionam fora dos campos de texto, sem Ctrl, Alt ou Cmd."
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.filter(({ keys }) => canRecord || keys[0] !== 'N').map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt>
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="inline-flex min-w-8 justify-center rounded border bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </FormDialog>
  );
}
