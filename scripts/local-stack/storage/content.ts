// What a file is, read from its first bytes (magic numbers), so that a bucket's
// allowed_mime_types cannot be passed by naming an .exe "photo.jpg" or declaring it image/jpeg.
// Only the types the app's buckets allow are recognised; anything else is "unknown" and refused
// by a bucket that restricts types.

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

const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avci',
]);

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.subarray(start, end).toString('latin1');
}

/** The family of the content ('jpeg', 'png', 'webp', 'heif', 'pdf', 'xml') or null. */
export function sniff(buf: Buffer): string | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP')
    return 'webp';
  if (buf.length >= 12 && ascii(buf, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(buf, 8, 12)))
    return 'heif';
  if (buf.length >= 5 && ascii(buf, 0, 5) === '%PDF-') return 'pdf';
  // XML: an optional UTF-8 byte order mark and white space, then a declaration or an element.
  let i = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  while (
    i < buf.length &&
    (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0a || buf[i] === 0x0d)
  )
    i++;
  if (
    i + 1 < buf.length &&
    buf[i] === 0x3c &&
    /[?!A-Za-z_]/.test(String.fromCharCode(buf[i + 1] ?? 0))
  ) {
    // Text only: a NUL in the first kilobytes is a binary file starting with '<'.
    if (!buf.subarray(0, 4096).includes(0)) return 'xml';
  }
  return null;
}

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
  return family !== undefined && sniff(buf) === family;
}
