// CSV files made so that Excel in Brazil opens them as a table: `;` between fields, decimal comma,
// a UTF-8 byte order mark and CRLF line ends. Shared by Movimentações and the DRE export.

/** Centavos as Excel pt-BR reads a number: 123456 → "1234,56", -50 → "-0,50" (no thousands dots). */
export function csvNumber(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Quotes a text field when it holds the separator, a quote or a line break, and defuses text that
 * a spreadsheet would run as a formula (=, +, -, @ first), which a description typed by anyone
 * could otherwise smuggle into the accountant's Excel.
 */
export function csvText(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines already made of csvText/csvNumber fields joined by `;`, as one file's text. */
export function csvFile(lines: readonly string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves the text as a .csv download. */
export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Saves a file made in the browser (a CSV, the accountant's zip) as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
