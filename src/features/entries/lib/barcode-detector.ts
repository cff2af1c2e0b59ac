// The BarcodeDetector API where the browser has it with ITF (Chrome on Android), otherwise the
// `barcode-detector` ponyfill (ZXing compiled to wasm; iOS Safari, Firefox). The wasm is served by
// us (Vite `?url`), never fetched from a CDN. Loaded only when the scanner opens.

interface DetectedBarcode {
  rawValue: string;
}
export interface Detector {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** ITF: the boleto's interleaved 2 of 5; QR: a PIX code. */
const FORMATS = ['itf', 'qr_code'];

export async function loadBarcodeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (FORMATS.every((format) => supported.includes(format)))
      return new native({ formats: FORMATS });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
  });
  return new BarcodeDetector({ formats: ['itf', 'qr_code'] });
}
