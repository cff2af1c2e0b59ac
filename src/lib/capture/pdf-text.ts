// A PDF's text, extracted on the device (a boleto PDF carries its linha digitável as text).
// pdfjs-dist and its worker are only loaded here, when a shared PDF is read; the worker is served
// by us (Vite `?url`), never from a CDN.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Bills are a page or two; a 300-page PDF is not read whole on a phone. */
const MAX_PAGES = 10;

export async function pdfText(data: ArrayBuffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data) }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join(''),
      );
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}
