// The signature check on real files (src/lib/documents/test-fixtures/): a JPEG, PNG and WebP drawn
// and encoded by Chromium, a PDF printed by Chromium, an NF-e XML with its byte order mark, the
// first boxes of an iPhone HEIC; and what must be refused: a text file named foto.jpg, a Windows
// executable, a binary file that starts with "<".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSignature } from '@/lib/documents/file-signature';
import { checkDocumentFile, DocumentFileError } from '@/lib/documents/prepare-file';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, 'test-fixtures', name)));

/** A File as the input gives it: the bytes, the name, the type the system claims. */
const chosen = (name: string, type: string, bytes = fixture(name)) => {
  const file = new File([bytes], name, { type });
  return file;
};

describe('fileSignature', () => {
  it.each([
    ['foto.jpg', 'jpeg'],
    ['foto.png', 'png'],
    ['foto.webp', 'webp'],
    ['foto.heic', 'heif'],
    ['nota.pdf', 'pdf'],
    ['nota.xml', 'xml'],
  ])('%s is %s', (name, signature) => {
    expect(fileSignature(fixture(name))).toBe(signature);
  });

  it.each(['texto-chamado-foto.jpg', 'programa.exe', 'binario-com-menor.xml'])(
    '%s is none of them',
    (name) => {
      expect(fileSignature(fixture(name))).toBeNull();
    },
  );

  it('needs the whole signature: a cut JPEG, PNG or PDF header is nothing', () => {
    expect(fileSignature(fixture('foto.jpg').subarray(0, 2))).toBeNull();
    expect(fileSignature(fixture('foto.png').subarray(0, 7))).toBeNull();
    expect(fileSignature(fixture('nota.pdf').subarray(0, 4))).toBeNull();
    expect(fileSignature(new Uint8Array())).toBeNull();
  });
});

describe('checkDocumentFile', () => {
  it('takes each kind the bucket stores, as the type its bytes are', async () => {
    expect(await checkDocumentFile(chosen('foto.jpg', 'image/jpeg'), 'foto.jpg')).toBe(
      'image/jpeg',
    );
    expect(await checkDocumentFile(chosen('foto.png', 'image/png'), 'foto.png')).toBe('image/png');
    expect(await checkDocumentFile(chosen('foto.webp', 'image/webp'), 'foto.webp')).toBe(
      'image/webp',
    );
    // Phones often give a HEIC photo or an XML no type: the extension, then the bytes, decide.
    expect(await checkDocumentFile(chosen('foto.heic', ''), 'foto.heic')).toBe('image/heic');
    expect(await checkDocumentFile(chosen('nota.pdf', 'application/pdf'), 'nota.pdf')).toBe(
      'application/pdf',
    );
    expect(await checkDocumentFile(chosen('nota.xml', 'text/xml'), 'nota.xml')).toBe('text/xml');
    expect(await checkDocumentFile(chosen('nota.xml', ''), 'nota.xml')).toBe('application/xml');
    // A PNG saved as .jpg is a photo all the same: stored as what it is.
    expect(
      await checkDocumentFile(chosen('foto.jpg', 'image/jpeg', fixture('foto.png')), 'foto.jpg'),
    ).toBe('image/png');
  });

  it('says what is wrong with a file that is not what its name says', async () => {
    const refused = async (file: File, name: string) => {
      const error = await checkDocumentFile(file, name).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DocumentFileError);
      return (error as DocumentFileError).message;
    };
    expect(
      await refused(
        chosen('foto.jpg', 'image/jpeg', fixture('texto-chamado-foto.jpg')),
        'foto.jpg',
      ),
    ).toBe('foto.jpg não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).');
    // A PDF named as a photo is no photo either.
    expect(await refused(chosen('foto.jpg', 'image/jpeg', fixture('nota.pdf')), 'foto.jpg')).toBe(
      'foto.jpg não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).',
    );
    expect(
      await refused(chosen('boleto.pdf', 'application/pdf', fixture('foto.jpg')), 'boleto.pdf'),
    ).toBe('boleto.pdf não é um PDF: escolha o arquivo PDF original.');
    expect(
      await refused(chosen('nfe.xml', 'text/xml', fixture('binario-com-menor.xml')), 'nfe.xml'),
    ).toBe('nfe.xml não é um XML: escolha o arquivo XML da nota fiscal.');
    expect(await refused(chosen('programa.exe', 'application/x-msdownload'), 'programa.exe')).toBe(
      'programa.exe não é uma foto, um PDF nem um XML.',
    );
    expect(await refused(new File([], 'vazio.pdf', { type: 'application/pdf' }), 'vazio.pdf')).toBe(
      'O arquivo está vazio.',
    );
  });
});
