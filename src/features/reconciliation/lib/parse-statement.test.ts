import { describe, expect, it } from 'vitest';
import { parseCsvText } from '@/features/reconciliation/lib/parse-csv';
import { decodeOfxBytes, parseOfxText } from '@/features/reconciliation/lib/parse-ofx';
import { parseStatementBytes } from '@/features/reconciliation/lib/parse-file';
import { parseBankAmount } from '@/lib/bank-amount';
import {
  statementAccountMismatch,
  StatementParseError,
} from '@/features/reconciliation/lib/statement';

/** Latin-1 bytes of a string (each character ≤ U+00FF is one byte), as a 1252 file holds them. */
function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    if (code > 0xff) throw new Error(`not latin1: ${ch}`);
    return code;
  });
}

// The time zone suffix of OFX dates. Written in two pieces: Tailwind scans src/ and would read the
// whole bracketed text as an arbitrary CSS property, which breaks the production CSS build.
const BRT = '[-3' + ':BRT]';

// OFX 1.02 as Brazilian banks send it: SGML header, CRLF, unclosed leaf tags, CHARSET:1252, comma
// decimals in one amount.
const OFX_102 = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
  '<OFX>',
  `<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261031120000${BRT}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>`,
  '<BANKMSGSRSV1>',
  '<STMTTRNRS>',
  '<TRNUID>1',
  '<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
  '<STMTRS>',
  '<CURDEF>BRL',
  '<BANKACCTFROM>',
  '<BANKID>0341',
  '<BRANCHID>1234',
  '<ACCTID>56789-0',
  '<ACCTTYPE>CHECKING',
  '</BANKACCTFROM>',
  '<BANKTRANLIST>',
  `<DTSTART>20261001000000${BRT}`,
  `<DTEND>20261031000000${BRT}`,
  '<STMTTRN>',
  '<TRNTYPE>DEBIT',
  `<DTPOSTED>20261010120000${BRT}`,
  '<TRNAMT>-1234,56',
  '<FITID>20261010001',
  '<MEMO>PAGTO CONCRETO SÃO JOSÉ',
  '</STMTTRN>',
  '<STMTTRN>',
  '<TRNTYPE>CREDIT',
  '<DTPOSTED>20261012',
  '<TRNAMT>200.00',
  '<FITID>20261012002',
  '<MEMO>TED RECEBIDA MEDIÇÃO',
  '</STMTTRN>',
  '<STMTTRN>',
  '<TRNTYPE>DEBIT',
  '<DTPOSTED>20261014',
  '<TRNAMT>-35.9',
  '<FITID>20261014003',
  '<NAME>TARIFA MENSAL',
  '</STMTTRN>',
  '</BANKTRANLIST>',
  '<LEDGERBAL>',
  '<BALAMT>-1070,46',
  '<DTASOF>20261031',
  '</LEDGERBAL>',
  '</STMTRS>',
  '</STMTTRNRS>',
  '</BANKMSGSRSV1>',
  '</OFX>',
].join('\r\n');

const OFX_220 = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>1</TRNUID>
      <STMTRS>
        <CURDEF>BRL</CURDEF>
        <BANKACCTFROM><BANKID>001</BANKID><BRANCHID>4321</BRANCHID><ACCTID>998877</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20261101</DTSTART>
          <DTEND>20261115</DTEND>
          <STMTTRN>
            <TRNTYPE>DEBIT</TRNTYPE>
            <DTPOSTED>20261103</DTPOSTED>
            <TRNAMT>-1.234,56</TRNAMT>
            <FITID>X-1</FITID>
            <MEMO>Pagamento aço &amp; ferro</MEMO>
          </STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>5000.00</BALAMT><DTASOF>20261115</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>`;

const OFX_CARD = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX>
<CREDITCARDMSGSRSV1>
<CCSTMTTRNRS>
<TRNUID>1
<CCSTMTRS>
<CURDEF>BRL
<CCACCTFROM>
<ACCTID>5555********1234
</CCACCTFROM>
<BANKTRANLIST>
<DTSTART>20261001
<DTEND>20261030
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261005
<TRNAMT>-89.90
<FITID>CC1
<MEMO>LOJA DE MATERIAIS
</STMTTRN>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20261020
<TRNAMT>89.90
<FITID>CC2
<MEMO>PAGAMENTO FATURA
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>0.00
<DTASOF>20261030
</LEDGERBAL>
</CCSTMTRS>
</CCSTMTTRNRS>
</CREDITCARDMSGSRSV1>
</OFX>`;

describe('parseBankAmount', () => {
  it.each([
    ['-150.00', -15000],
    ['-150,00', -15000],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['-1.234,56', -123456],
    ['R$ -1.234,56', -123456],
    ['-35.9', -3590],
    ['200', 20000],
    ['+12,5', 1250],
    ['(10,00)', -1000],
    ['1.234.567', 123456700],
  ])('%s → %i centavos', (text, cents) => {
    expect(parseBankAmount(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,2,3', '12.3456', '1.23.4', '--1'])('refuses %j', (text) => {
    expect(parseBankAmount(text)).toBeNull();
  });
});

describe('OFX 1.02 SGML in Windows-1252', () => {
  it('decodes the accented memo from Latin-1 bytes by the CHARSET header', () => {
    const bytes = latin1(OFX_102);
    // The bytes really are single-byte (Ã = 0xC3 alone), not UTF-8.
    expect(bytes.includes(0xc3)).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeOfxBytes(bytes)).toContain('PAGTO CONCRETO SÃO JOSÉ');
  });

  it('reads account, period, closing balance and lines with unclosed tags', () => {
    const parsed = parseStatementBytes(latin1(OFX_102));
    expect(parsed).toMatchObject({
      source: 'ofx',
      kind: 'bank',
      bankId: '0341',
      branchId: '1234',
      accountId: '56789-0',
      currency: 'BRL',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      ledgerBalanceCents: -107046,
    });
    expect(parsed.lines).toEqual([
      {
        fitid: '20261010001',
        postedOn: '2026-10-10',
        amountCents: -123456,
        memo: 'PAGTO CONCRETO SÃO JOSÉ',
        trnType: 'DEBIT',
      },
      {
        fitid: '20261012002',
        postedOn: '2026-10-12',
        amountCents: 20000,
        memo: 'TED RECEBIDA MEDIÇÃO',
        trnType: 'CREDIT',
      },
      {
        fitid: '20261014003',
        postedOn: '2026-10-14',
        amountCents: -3590,
        memo: 'TARIFA MENSAL',
        trnType: 'DEBIT',
      },
    ]);
  });

  it('falls back to Windows-1252 when the header declares nothing and the bytes are not UTF-8', () => {
    const bytes = latin1(OFX_102.replace('CHARSET:1252', 'CHARSET:NONE'));
    expect(parseStatementBytes(bytes).lines[0]?.memo).toBe('PAGTO CONCRETO SÃO JOSÉ');
  });
});

describe('OFX 2.x XML', () => {
  it('reads the UTF-8 XML file, entities and a comma decimal amount', () => {
    const parsed = parseStatementBytes(new TextEncoder().encode(OFX_220));
    expect(parsed).toMatchObject({
      kind: 'bank',
      bankId: '001',
      branchId: '4321',
      accountId: '998877',
      startDate: '2026-11-01',
      endDate: '2026-11-15',
      ledgerBalanceCents: 500000,
      lines: [
        {
          fitid: 'X-1',
          postedOn: '2026-11-03',
          amountCents: -123456,
          memo: 'Pagamento aço & ferro',
        },
      ],
    });
  });
});

describe('credit card statement', () => {
  it('reads CREDITCARDMSGSRSV1 with its purchase and payment', () => {
    const parsed = parseStatementBytes(latin1(OFX_CARD));
    expect(parsed.kind).toBe('credit_card');
    expect(parsed.accountId).toBe('5555********1234');
    expect(parsed.ledgerBalanceCents).toBe(0);
    expect(parsed.lines.map((l) => [l.fitid, l.amountCents, l.memo])).toEqual([
      ['CC1', -8990, 'LOJA DE MATERIAIS'],
      ['CC2', 8990, 'PAGAMENTO FATURA'],
    ]);
  });
});

describe('broken files', () => {
  it('says so in Portuguese', () => {
    expect(() => parseOfxText('OFXHEADER:100\n<OFX><BANKMSGSRSV1></OFX>')).toThrow(
      StatementParseError,
    );
    expect(() => parseOfxText('não é ofx')).toThrow(/Arquivo OFX inválido/);
    expect(() => parseOfxText(OFX_102.replace('<TRNAMT>200.00', '<TRNAMT>duzentos'))).toThrow(
      /data ou valor ilegível/,
    );
  });
});

describe('CSV date;description;amount in pt-BR', () => {
  const csv = [
    'data;descrição;valor',
    '10/10/2026;PAGTO CONCRETO SÃO JOSÉ;-1.234,56',
    '12/10/2026;"TED; medição";200,00',
    '14/10/2026;Tarifa;-35,90',
    '14/10/2026;Tarifa;-35,90',
  ].join('\r\n');

  it('reads dates, descriptions and signed amounts, with the header skipped', () => {
    const parsed = parseCsvText(csv);
    expect(parsed).toMatchObject({
      source: 'csv',
      startDate: '2026-10-10',
      endDate: '2026-10-14',
      ledgerBalanceCents: null,
    });
    expect(parsed.lines.map((l) => [l.postedOn, l.memo, l.amountCents])).toEqual([
      ['2026-10-10', 'PAGTO CONCRETO SÃO JOSÉ', -123456],
      ['2026-10-12', 'TED; medição', 20000],
      ['2026-10-14', 'Tarifa', -3590],
      ['2026-10-14', 'Tarifa', -3590],
    ]);
  });

  it('gives each line a stable id, the same on every import, distinct for equal lines', () => {
    const first = parseCsvText(csv).lines.map((l) => l.fitid);
    const again = parseCsvText(csv.split('\r\n').slice(1).join('\n')).lines.map((l) => l.fitid);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(4);
  });

  it('decodes a Windows-1252 CSV and refuses an unreadable line with its number', () => {
    expect(parseStatementBytes(latin1('10/10/2026;Pagto São José;-10,00')).lines[0]?.memo).toBe(
      'Pagto São José',
    );
    expect(() => parseCsvText('10/10/2026;Tarifa;-35,90\n31/02/2026;Tarifa;-1,00')).toThrow(
      /Linha 2/,
    );
  });
});

describe('statementAccountMismatch', () => {
  const file = { accountId: '56789-0', branchId: '1234' };
  it('accepts the same account written differently, or an account without agency/number', () => {
    expect(statementAccountMismatch(file, { agency: '1234', account_number: '56789-0' })).toBe(
      false,
    );
    expect(statementAccountMismatch(file, { agency: '01234', account_number: '567890' })).toBe(
      false,
    );
    expect(statementAccountMismatch(file, { agency: null, account_number: null })).toBe(false);
  });
  it('warns when number or agency differ', () => {
    expect(statementAccountMismatch(file, { agency: '1234', account_number: '11111-1' })).toBe(
      true,
    );
    expect(statementAccountMismatch(file, { agency: '9999', account_number: '56789-0' })).toBe(
      true,
    );
  });
});
