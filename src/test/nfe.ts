// NF-e XMLs for tests, with a chave whose check digit holds.
export function nfeKey(seed: string): string {
  const body = `3526111122233300018155001${seed.padStart(18, '0')}`.slice(0, 43);
  let sum = 0;
  let weight = 2;
  for (let i = 42; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return body + String(rest < 2 ? 0 : 11 - rest);
}

export interface NfeXmlOptions {
  key: string;
  number?: string;
  issuedOn?: string;
  total?: string;
  issuerName?: string;
  cnpj?: string;
  duplicatas?: { number: string; dueDate: string; amount: string }[];
  items?: { name: string; unit: string; quantity: string; unitPrice: string; total: string }[];
  wrapped?: boolean;
}

export function nfeXml(options: NfeXmlOptions): string {
  const dups = options.duplicatas ?? [];
  const items = options.items ?? [
    {
      name: 'CIMENTO CP II 50KG',
      unit: 'SC',
      quantity: '10.0000',
      unitPrice: '38.9000000000',
      total: '389.00',
    },
  ];
  const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe${options.key}" versao="4.00">
<ide><cUF>35</cUF><natOp>VENDA</natOp><mod>55</mod><serie>1</serie><nNF>${options.number ?? '1234'}</nNF><dhEmi>${options.issuedOn ?? '2026-11-20'}T10:15:00-03:00</dhEmi></ide>
<emit><CNPJ>${options.cnpj ?? '11222333000181'}</CNPJ><xNome>${options.issuerName ?? 'Depósito Chave Ltda'}</xNome><enderEmit><xLgr>Rua das Pedras</xLgr><nro>10</nro><xBairro>Centro</xBairro><xMun>Campinas</xMun><UF>SP</UF><CEP>13010000</CEP><fone>1932345678</fone></enderEmit></emit>
<dest><CNPJ>45723174000110</CNPJ><xNome>Construtora</xNome></dest>
${items.map((it, i) => `<det nItem="${i + 1}"><prod><xProd>${it.name}</xProd><uCom>${it.unit}</uCom><qCom>${it.quantity}</qCom><vUnCom>${it.unitPrice}</vUnCom><vProd>${it.total}</vProd></prod></det>`).join('')}
<total><ICMSTot><vProd>${options.total ?? '389.00'}</vProd><vNF>${options.total ?? '389.00'}</vNF></ICMSTot></total>
${dups.length ? `<cobr><fat><nFat>${options.number ?? '1234'}</nFat></fat>${dups.map((d) => `<dup><nDup>${d.number}</nDup><dVenc>${d.dueDate}</dVenc><vDup>${d.amount}</vDup></dup>`).join('')}</cobr>` : ''}
</infNFe></NFe>`;
  return options.wrapped === false
    ? `<?xml version="1.0" encoding="UTF-8"?>${nfe}`
    : `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}<protNFe versao="4.00"><infProt><chNFe>${options.key}</chNFe><cStat>100</cStat></infProt></protNFe></nfeProc>`;
}
