// Text files as office staff save them: Excel's "CSV" on Windows writes Windows-1252, newer tools
// UTF-8 (often with a BOM). Shared by the statement import and the spreadsheet import.

/** Bytes to text: UTF-8 when valid (a BOM is dropped), else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
