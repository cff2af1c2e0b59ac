import { useEffect, useState } from 'react';
import { findPaymentCodes, type BoletoCode, type PixCode } from '@/lib/capture/payment-codes';
import { todayLocal } from '@/lib/dates';
import type { ReceiptPhoto } from '@/features/entries/lib/wizard';
import { checkDocumentFile, DocumentFileError } from '@/lib/documents/prepare-file';
import {
  clearSharedItem,
  readSharedItem,
  sharedText,
  type SharedItem,
} from '@/features/entries/lib/shared-inbox';

/** What Pré-preencher hands to the Conta a Pagar form. */
export interface SharePrefill {
  code: string | null;
  description: string | null;
  attachment: ReceiptPhoto | null;
}

/** One line of "Mensagens Detectadas": a code found, or a shared file or text without one. */
export interface DetectedMessage {
  id: string;
  /** Where it was found: "Mensagem" or the file's name. */
  source: string;
  code: BoletoCode | PixCode | null;
  /** A short excerpt of the message, when the line is the text itself. */
  excerpt: string | null;
  prefill: SharePrefill;
}

export type WhatsAppTabState =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error' }
  | { status: 'ready'; messages: DetectedMessage[]; sharedAt: string };

export const UNREAD_PDF =
  'não foi possível ler o texto do PDF (sem conexão?). Confira o código no arquivo.';

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('not text'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

async function fileText(file: File): Promise<string> {
  if (file.type !== 'application/pdf') return '';
  // pdfjs-dist is loaded only now, when a PDF was shared.
  const { pdfText } = await import('@/lib/capture/pdf-text');
  return pdfText(await file.arrayBuffer());
}

/**
 * The lines of "Mensagens Detectadas" for a share: every code in the message and in each PDF's
 * text (each code once, with the file it came from attached, or the first shared file for a code
 * in the message); a file or a message with no code is still listed, to attach or describe.
 */
export async function detectMessages(
  item: SharedItem,
  today: string,
  readText: (file: File) => Promise<string> = fileText,
): Promise<DetectedMessage[]> {
  // Each file checked by its bytes: one that is not what its name says is listed with why, and
  // never attached (it would be refused at upload, after the bill was saved).
  const refusals = await Promise.all(
    item.files.map((file) =>
      checkDocumentFile(file, file.name).then(
        () => null,
        (error: unknown) => (error instanceof DocumentFileError ? error.message : null),
      ),
    ),
  );
  const attachments = await Promise.all(
    item.files.map(async (file, index) =>
      refusals[index] ? null : { name: file.name, dataUrl: await readAsDataUrl(file) },
    ),
  );
  const first = attachments[0] ?? null;
  const messages: DetectedMessage[] = [];
  const seen = new Set<string>();
  const text = sharedText(item);
  const add = (code: BoletoCode | PixCode, source: string, attachment: ReceiptPhoto | null) => {
    if (seen.has(code.code)) return;
    seen.add(code.code);
    messages.push({
      id: `${messages.length}`,
      source,
      code,
      excerpt: null,
      prefill: { code: code.code, description: null, attachment },
    });
  };
  const inMessage = findPaymentCodes(text, today);
  for (const code of inMessage) add(code, 'Mensagem', first);
  const withCodes = new Set<number>();
  const unread = new Set<number>();
  for (const [index, file] of item.files.entries()) {
    if (refusals[index]) {
      // Not read for codes either; listed below with why.
      unread.add(index);
      continue;
    }
    let fileText: string;
    try {
      fileText = await readText(file);
    } catch {
      // Its reader could not load (offline: it is not kept on the device) or the PDF is broken:
      // the file is still listed, and says why no code came from it.
      unread.add(index);
      continue;
    }
    const codes = findPaymentCodes(fileText, today);
    if (codes.length > 0) withCodes.add(index);
    for (const code of codes) add(code, file.name, attachments[index] ?? null);
  }
  const textListed = messages.length === 0 && text.trim() !== '';
  if (textListed) {
    messages.push({
      id: 'texto',
      source: 'Mensagem',
      code: null,
      excerpt: text.trim().slice(0, 280),
      prefill: { code: null, description: text.trim().slice(0, 180), attachment: first },
    });
  }
  // A photo (or a PDF with no code) is still the bill's Anexo.
  for (const [index, file] of item.files.entries()) {
    const attachedToMessage = index === 0 && (inMessage.length > 0 || textListed);
    if (withCodes.has(index) || (attachedToMessage && !unread.has(index))) continue;
    messages.push({
      id: `arquivo-${index}`,
      source: file.name,
      code: null,
      excerpt: refusals[index] ?? (unread.has(index) ? `${file.name}: ${UNREAD_PDF}` : null),
      prefill: { code: null, description: null, attachment: attachments[index] ?? null },
    });
  }
  return messages;
}

/** The "Via WhatsApp" tab: the last share read from the device, and its dismissal. */
export function useWhatsAppTab({ failed }: { failed: boolean }) {
  const [state, setState] = useState<WhatsAppTabState>(
    failed ? { status: 'error' } : { status: 'loading' },
  );

  useEffect(() => {
    if (failed) return;
    let active = true;
    void readSharedItem()
      .then(async (item) => {
        if (!item) return { status: 'empty' } as const;
        const messages = await detectMessages(item, todayLocal());
        return { status: 'ready', messages, sharedAt: item.sharedAt } as const;
      })
      .catch(() => ({ status: 'error' }) as const)
      .then((next) => {
        if (active) setState(next);
      });
    return () => {
      active = false;
    };
  }, [failed]);

  async function dismiss() {
    await clearSharedItem().catch(() => undefined);
    setState({ status: 'empty' });
  }

  return { state, dismiss };
}
