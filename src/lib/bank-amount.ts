// Amounts as banks and spreadsheets write them, shared by the statement import (Conciliação) and
// the spreadsheet import (Importar planilha).

/**
 * An amount as banks write it: "-150.00", "-150,00", "1.234,56", "1,234.56", "R$ -1.234,56".
 * The last separator followed by 1–2 digits is the decimal one. Returns centavos or null.
 */
export function parseBankAmount(text: string): number | null {
  let s = text.replace(/R\$/gi, '').replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^[-\u2212]/.test(s)) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  } else if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(s);
  let intText = s;
  let decText = '';
  if (decimal) {
    intText = s.slice(0, decimal.index);
    decText = decimal[1] ?? '';
  }
  // What is left may hold only thousands separators, grouping digits by three.
  if (intText !== '' && !/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(intText)) return null;
  const reais = Number(intText.replace(/[.,]/g, '') || '0');
  const cents = reais * 100 + Number(decText.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  if (cents === 0) return 0;
  return negative ? -cents : cents;
}
