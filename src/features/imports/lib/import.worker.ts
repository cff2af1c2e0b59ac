// The spreadsheet import's Web Worker: reads the file and builds the preview off the main thread
// (spreadsheet-import.ts creates it and speaks its protocol; import-jobs.ts does the work).
import { handleWorkerRequest } from '@/features/imports/lib/import-jobs';
import type { WorkerRequest } from '@/features/imports/lib/spreadsheet-import';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: unknown) => void;
};

scope.onmessage = (event) => {
  void handleWorkerRequest(event.data, (progress) => scope.postMessage(progress)).then((response) =>
    scope.postMessage(response),
  );
};
