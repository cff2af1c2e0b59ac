import { useEffect, useState } from 'react';
import {
  createSpreadsheetImporter,
  type SpreadsheetImporter,
} from '@/features/imports/lib/spreadsheet-import';

/**
 * The import screen's reader: one worker for the screen's life, stopped when it unmounts.
 * `read` and `preview` are promises; the screen keeps its own state (step, rows, choices).
 */
export function useSpreadsheetImport(): SpreadsheetImporter {
  const [importer] = useState(createSpreadsheetImporter);
  useEffect(() => () => importer.dispose(), [importer]);
  return importer;
}
