// What a file is, read from its first bytes (magic numbers), so that a bucket's
// allowed_mime_types cannot be passed by naming an .exe "photo.jpg" or declaring it image/jpeg.
// Only the types the app's buckets allow are recognised; anything else is "unknown" and refused
// by a bucket that restricts types. The signatures are the app's own (the device checks the same
// before it uploads): one definition, in src/lib/documents/file-signature.ts.
import { fileSignature } from '../../../src/lib/documents/file-signature';

/** The canonical type family of a declared MIME type, for comparison with the content. */
const FAMILY: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/heic-sequence': 'heif',
  'image/heif-sequence': 'heif',
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/** The declared type without parameters, lower case ("image/jpeg; x=y" → "image/jpeg"). */
export function baseMime(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether `mime` is allowed by a bucket's list (exact types or `type/*` wildcards). */
export function mimeAllowed(mime: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith('/*') ? mime.startsWith(rule.slice(0, -1)) : mime === rule;
  });
}

/** Whether the bytes are what the declared type says (types we do not know: never). */
export function contentMatches(mime: string, buf: Buffer): boolean {
  const family = FAMILY[mime];
  return family !== undefined && fileSignature(buf) === family;
}
