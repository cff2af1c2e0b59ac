/** "34191.79001 01043.510047 91020.150008 1 98760000010000": how boletos are printed. */
export function formatBoletoLine(code: string): string {
  if (code.length === 47) {
    return `${code.slice(0, 5)}.${code.slice(5, 10)} ${code.slice(10, 15)}.${code.slice(15, 21)} ${code.slice(21, 26)}.${code.slice(26, 32)} ${code[32]} ${code.slice(33)}`;
  }
  if (code.length === 48) {
    return [0, 12, 24, 36].map((i) => `${code.slice(i, i + 11)}-${code[i + 11]}`).join(' ');
  }
  return code;
}
