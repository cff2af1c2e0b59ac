import { parseCsvBytes } from '@/features/reconciliation/lib/parse-csv';
import { parseOfxBytes } from '@/features/reconciliation/lib/parse-ofx';
import { StatementParseError, type ParsedStatement } from '@/features/reconciliation/lib/statement';

/** 5 MB: a year of a busy account's OFX is well under 1 MB. */
const MAX_BYTES = 5 * 1024 * 1024;

/** OFX by its content (OFXHEADER or <OFX>), whatever the file is called; anything else as CSV. */
export function parseStatementBytes(bytes: Uint8Array): ParsedStatement {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  if (/OFXHEADER|<OFX>/i.test(head)) return parseOfxBytes(bytes);
  return parseCsvBytes(bytes);
}

export async function parseStatementFile(file: Blob): Promise<ParsedStatement> {
  if (file.size > MAX_BYTES) throw new StatementParseError('Arquivo grande demais (máximo 5 MB).');
  if (file.size === 0) throw new StatementParseError('O arquivo está vazio.');
  return parseStatementBytes(new Uint8Array(await file.arrayBuffer()));
}
