// A file as the bucket `documentos` will keep it: a photo compressed on the device (long side at
// most 1600 px, JPEG, the camera's EXIF orientation applied), a PDF or an XML as it is; its size
// checked against the bucket's limit, its SHA-256 (how the same file twice on one entry is
// recognised), and a name safe for a Storage path.

import {
  fileSignature,
  SIGNATURE_BYTES,
  SIGNATURE_MIME,
  type FileSignature,
} from '@/lib/documents/file-signature';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_SIDE = 1600;
const JPEG_QUALITY = 0.82;

/** What the file inputs offer: photos, PDFs and the XML of a nota fiscal eletrônica. */
export const DOCUMENT_ACCEPT = 'image/*,application/pdf,.pdf,application/xml,text/xml,.xml';

/** The types the bucket accepts (20261127040100_documents_bucket.sql). */
const STORED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
  'application/xml',
  'text/xml',
]);

export type DocumentKind = 'comprovante' | 'boleto' | 'nota_fiscal' | 'outro';

export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  comprovante: 'Comprovante',
  boleto: 'Boleto',
  nota_fiscal: 'Nota fiscal',
  outro: 'Outro',
};

/** A file ready to upload: plain values and a Blob (what an offline queue can keep in IndexedDB). */
export interface PreparedDocumentFile {
  blob: Blob;
  /** The name shown to people (the original one; `.jpg` once a photo was re-encoded). */
  name: string;
  mime: string;
  size: number;
  /** lower-case hex */
  sha256: string;
}

/** Why a file cannot be stored, in the words the user reads. */
export class DocumentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentFileError';
  }
}

/** The MIME type, from the file's own word or else its extension (some phones send none for XML). */
export function documentMime(file: { type: string; name: string }): string | null {
  const type = file.type.toLowerCase();
  if (STORED_TYPES.has(type)) return type;
  if (type === 'image/jpg') return 'image/jpeg';
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const byExtension: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    heic: 'image/heic',
    heif: 'image/heif',
    pdf: 'application/pdf',
    xml: 'application/xml',
  };
  return (extension && byExtension[extension]) ?? null;
}

/**
 * The last part of a Storage object name: no accents, no spaces or slashes, at most 80
 * characters, the extension kept (the bucket and every tool that lists it see a plain name).
 */
export function safeFileName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const match = /^(.*?)(\.[A-Za-z0-9]{1,5})?$/.exec(plain);
  const base = (match?.[1] ?? '').slice(0, 70) || 'arquivo';
  const extension = (match?.[2] ?? '').toLowerCase();
  return `${base}${extension}`;
}

function withExtension(name: string, extension: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${base || 'foto'}.${extension}`;
}

/** The bytes of a Blob (FileReader where Blob.arrayBuffer is missing: Safari before 14). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve(reader.result)
        : reject(new Error('unexpected result'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await bytesOf(blob)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The target size of a photo: the long side at most MAX_PHOTO_SIDE, never enlarged. */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The photo drawn again at most 1600 px on its long side, as JPEG. createImageBitmap with
 * imageOrientation 'from-image' turns it as the camera's EXIF says (a phone's portrait photo is
 * stored sideways), so the pixels we store are upright and need no EXIF. Null when this browser
 * cannot decode it (HEIC outside Safari): the original is stored then.
 */
async function compressPhoto(file: Blob): Promise<{ blob: Blob; resized: boolean } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const resized = width !== bitmap.width || height !== bitmap.height;
    let blob: Blob | null;
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(bitmap, 0, 0, width, height);
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.drawImage(bitmap, 0, 0, width, height);
      blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
      );
    }
    return blob ? { blob, resized } : null;
  } finally {
    bitmap.close();
  }
}

type FileFamily = 'image' | 'pdf' | 'xml';

function familyOf(mime: string): FileFamily {
  if (mime.startsWith('image/')) return 'image';
  return mime === 'application/pdf' ? 'pdf' : 'xml';
}

/** What is wrong with a file whose bytes are not what its name or type says. */
function notWhatItSays(name: string, family: FileFamily | null): string {
  const shown = name.trim() || 'O arquivo';
  switch (family) {
    case 'image':
      return `${shown} não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).`;
    case 'pdf':
      return `${shown} não é um PDF: escolha o arquivo PDF original.`;
    case 'xml':
      return `${shown} não é um XML: escolha o arquivo XML da nota fiscal.`;
    default:
      return `${shown} não é uma foto, um PDF nem um XML.`;
  }
}

/**
 * The type a file is stored as, checked by its first bytes (src/lib/documents/file-signature.ts):
 * its bytes must be a photo, a PDF or an XML, and the kind its name or type says (a text file
 * named foto.jpg is refused, saying so). Within that kind the bytes decide (a PNG named .jpg is
 * a PNG). Throws DocumentFileError with the user's words. Call it when a file is chosen, before
 * anything is sent.
 */
export async function checkDocumentFile(file: Blob, name: string): Promise<string> {
  const declared = documentMime({ type: file.type, name });
  if (file.size === 0) throw new DocumentFileError('O arquivo está vazio.');
  let signature: FileSignature | null;
  try {
    signature = fileSignature(new Uint8Array(await bytesOf(file.slice(0, SIGNATURE_BYTES))));
  } catch {
    throw new DocumentFileError(
      `Não foi possível ler ${name.trim() || 'o arquivo'}. Escolha-o de novo.`,
    );
  }
  const declaredFamily = declared ? familyOf(declared) : null;
  if (!signature) throw new DocumentFileError(notWhatItSays(name, declaredFamily));
  const actual = SIGNATURE_MIME[signature];
  if (declaredFamily && familyOf(actual) !== declaredFamily) {
    throw new DocumentFileError(notWhatItSays(name, declaredFamily));
  }
  // The declared type when the bytes agree (image/heif, text/xml stay), else the bytes' own.
  if (
    declared &&
    (declared === actual ||
      (signature === 'heif' && declared.startsWith('image/hei')) ||
      (signature === 'xml' && declared === 'text/xml'))
  ) {
    return declared;
  }
  return actual;
}

/** Compresses a photo, keeps a PDF or XML, refuses anything else or anything over 10 MB. */
export async function prepareDocumentFile(file: Blob, name: string): Promise<PreparedDocumentFile> {
  const mime = await checkDocumentFile(file, name);
  let blob = file;
  let storedMime = mime;
  let storedName = name.trim() || 'arquivo';
  if (mime.startsWith('image/')) {
    const compressed = await compressPhoto(file);
    // A JPEG already within 1600 px may grow when drawn again: then it is kept as it came.
    if (
      compressed &&
      (compressed.resized || mime !== 'image/jpeg' || compressed.blob.size < file.size)
    ) {
      blob = compressed.blob;
      storedMime = 'image/jpeg';
      storedName = withExtension(storedName, 'jpg');
    }
  }
  if (blob.size === 0) throw new DocumentFileError('O arquivo está vazio.');
  if (blob.size > MAX_DOCUMENT_BYTES) {
    throw new DocumentFileError('O arquivo passa de 10 MB. Envie um arquivo menor.');
  }
  return {
    blob,
    name: storedName.slice(0, 255),
    mime: storedMime,
    size: blob.size,
    sha256: await sha256Hex(blob),
  };
}
