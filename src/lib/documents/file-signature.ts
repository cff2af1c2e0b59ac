// What a file is, read from its first bytes (its signature, "magic numbers"), on the device before
// anything is sent: hosted Storage checks only the type a client declares, so a text file named
// foto.jpg would be stored there. Only the types the bucket documentos takes are recognised:
// JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A; WebP "RIFF" ???? "WEBP"; HEIC/HEIF ???? "ftyp" + a HEIF
// brand; PDF "%PDF-"; XML an optional UTF-8 byte order mark and white space, then "<?", "<!" or an
// element name, and no NUL byte in what was read (a binary file that starts with "<" is not XML).
// The local Storage stand-in checks uploads with this same function (scripts/local-stack/storage/content.ts).

export type FileSignature = 'jpeg' | 'png' | 'webp' | 'heif' | 'pdf' | 'xml';

/** How many first bytes are read to tell (the XML rule looks for a NUL in all of them). */
export const SIGNATURE_BYTES = 4096;

/** The MIME type each signature is stored as. */
export const SIGNATURE_MIME: Readonly<Record<FileSignature, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heif: 'image/heic',
  pdf: 'application/pdf',
  xml: 'application/xml',
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

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The signature of these first bytes of a file, or null when it is none the bucket takes. */
export function fileSignature(bytes: Uint8Array): FileSignature | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12)))
    return 'heif';
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const space = new Set([0x20, 0x09, 0x0a, 0x0d]);
  while (i < bytes.length && space.has(bytes[i] ?? 0)) i++;
  const next = bytes[i + 1];
  if (
    bytes[i] === 0x3c &&
    next !== undefined &&
    /[?!A-Za-z_]/.test(String.fromCharCode(next)) &&
    !bytes.subarray(0, SIGNATURE_BYTES).includes(0)
  )
    return 'xml';
  return null;
}
