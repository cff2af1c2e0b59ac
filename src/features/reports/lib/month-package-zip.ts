// The accountant's zip, made in the browser; fflate is imported on use, never in a first load.

/** The zip's bytes: the CSVs compressed, the documents (photos, PDFs: compressed already) stored. */
export async function zipPackage(
  csv: Record<string, string>,
  documents: { path: string; bytes: Uint8Array }[],
): Promise<Uint8Array> {
  const { zipSync, strToU8 } = await import('fflate');
  const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
  for (const [path, text] of Object.entries(csv)) files[path] = [strToU8(text), { level: 6 }];
  for (const doc of documents) files[doc.path] = [doc.bytes, { level: 0 }];
  return zipSync(files);
}
