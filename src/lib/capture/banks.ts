// The banks that issue most boletos, by their 3-digit COMPE code, with the short names people use.
// @brazilian-utils' getBankByCode has the whole STR list (37 kB) with legal names ("Itaú Unibanco
// S.A."); a boleto screen needs the familiar name of a few dozen.
const BANKS: Readonly<Record<string, string>> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '041': 'Banrisul',
  '070': 'BRB',
  '077': 'Banco Inter',
  '084': 'Uniprime',
  '085': 'Ailos',
  '097': 'Credisis',
  '104': 'Caixa Econômica Federal',
  '133': 'Cresol',
  '136': 'Unicred',
  '197': 'Stone',
  '208': 'BTG Pactual',
  '212': 'Banco Original',
  '218': 'Banco BS2',
  '237': 'Bradesco',
  '260': 'Nubank',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6 Bank',
  '341': 'Itaú',
  '380': 'PicPay',
  '389': 'Mercantil do Brasil',
  '422': 'Safra',
  '623': 'Banco Pan',
  '633': 'Rendimento',
  '655': 'Votorantim',
  '745': 'Citibank',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

/** "Itaú" for "341"; null for a code not in the table. */
export function bankName(code: string): string | null {
  return BANKS[code] ?? null;
}
