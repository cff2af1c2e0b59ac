import { DocumentFileError } from '@/lib/documents/prepare-file';
import { toast } from '@/lib/toast';

/**
 * A new entry (or series) kept on this device while there is no network, then sent by the queue:
 * "Aguardando envio" when it is kept, "Erro ao salvar" when it cannot be (a photo that cannot be
 * read says why). True when kept: the form can start over.
 */
export async function keepOnDevice(queue: () => Promise<unknown>): Promise<boolean> {
  try {
    await queue();
  } catch (error) {
    toast.error('Erro ao salvar', {
      description:
        error instanceof DocumentFileError
          ? error.message
          : 'Não foi possível guardar o lançamento neste aparelho.',
    });
    return false;
  }
  toast.success('Aguardando envio', {
    description:
      'Sem conexão: o lançamento ficou salvo neste aparelho e será enviado quando a conexão voltar.',
  });
  return true;
}
