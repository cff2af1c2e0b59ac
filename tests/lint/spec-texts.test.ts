import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every text that SPEC §2 (screens) and §8 (error catalogue) quotes is shown by the app verbatim,
// or is in EXCEPTIONS below with the reason the app deliberately does not show it. The texts are
// the double-quoted strings of those two sections; the app's texts are the string literals,
// template pieces and JSX text of src/ (tests excluded).

const root = path.resolve(import.meta.dirname, '../..');
// CI clones the repository with shared/ beside it; SPEC_MD points elsewhere (a worktree).
const specPath = process.env.SPEC_MD ?? path.resolve(root, '../shared/SPEC.md');

/**
 * Reviewed: SPEC texts the app does not show, and why. A text here that the app does show fails
 * the test too, so the list cannot go stale.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // Not texts: SPEC describes a format or a wording.
  'name - balance':
    'the format of the account options ("Banco do Brasil - R$ 5.000,50"), built from the name and the balance',
  'n/9': 'the format of the wizard progress, rendered as {step}/{WIZARD_STEPS} ("1/9")',
  'expected date':
    'English: the receivable wizard speaks of an expected date ("Qual a data prevista para receber?", "Data prevista")',
  // Mock behaviour SPEC describes and the app replaced with the real thing.
  'Área para futura conexão...':
    'the placeholder SPEC describes became the real thing: the tab reads what was shared into the installed app (Web Share Target) and says how to share',
  'Pagamento confirmado':
    'Contas a Pagar\'s "Dar Baixa" opens the real Dar Baixa, whose success is SPEC §8\'s "Pagamento realizado - {description} foi marcado como pago."',
  'Supabase necessário':
    'Preferências manages the company\'s members through the backend; the "backend connection required" block is gone',
  'Conecte ao Supabase para gerenciar usuários':
    'Preferências manages the company\'s members through the backend; the "backend connection required" block is gone',
  'Empresa não encontrada.':
    'the wizards only render behind the company gate (no company → /company-setup) and their data hooks need the company, so a save without one cannot happen',
};

function specSection(spec: string, n: number): string {
  const start = spec.search(new RegExp(`^## ${n}\\. `, 'm'));
  if (start < 0) throw new Error(`SPEC.md has no "## ${n}." section`);
  const rest = spec.slice(start + 1);
  const end = rest.search(/^## \d+\. /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The quoted texts of SPEC §2 and §8, each once, in order. */
function specTexts(spec: string): string[] {
  const texts = [2, 8].flatMap((n) =>
    [...specSection(spec, n).matchAll(/"([^"\n]+)"/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(texts)];
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every piece of text src/ can put on screen: literals, template pieces, JSX text. */
function appTexts(): Set<string> {
  const texts = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    if (file.endsWith('database.types.ts')) continue;
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      false,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node) => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node)
      ) {
        const text = normalize(node.text);
        if (text) texts.add(text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

/**
 * The fixed parts of a SPEC text: "{x}" placeholders cut it into parts, and a toast written
 * "Title - description" may be two literals (title and description).
 */
function isShown(text: string, app: Set<string>): boolean {
  const shown = (part: string) =>
    part
      .split(/\{[^}]+\}/)
      .map(normalize)
      .filter(Boolean)
      .every((piece) => app.has(piece));
  // "Title - description": each side a sentence (capitalised, or a placeholder first).
  const parts = text.split(' - ');
  const toast = parts.length === 2 && parts.every((part) => /^[{\p{Lu}]/u.test(part));
  return shown(text) || (toast && parts.every(shown));
}

describe('SPEC §2 and §8 texts', () => {
  // Parsing every file of src/ takes seconds on a busy machine.
  it('are all shown by the app verbatim, or excepted with a reason', { timeout: 60_000 }, () => {
    if (!fs.existsSync(specPath)) {
      throw new Error(
        `SPEC.md not found at ${specPath}: clone the repository with shared/ beside it ` +
          '(../shared/SPEC.md), or set SPEC_MD to its path.',
      );
    }
    const spec = fs.readFileSync(specPath, 'utf8');
    const texts = specTexts(spec);
    // The sections' shape changed if this finds (almost) nothing.
    expect(texts.length).toBeGreaterThan(100);
    const app = appTexts();

    const missing = texts.filter((text) => !Object.hasOwn(EXCEPTIONS, text) && !isShown(text, app));
    const staleExceptions = Object.keys(EXCEPTIONS).filter(
      (text) => !texts.includes(text) || isShown(text, app),
    );
    expect(missing, 'SPEC texts the app does not show (fix the text or add an exception)').toEqual(
      [],
    );
    expect(staleExceptions, 'exceptions that SPEC no longer has or the app now shows').toEqual([]);
  });
});
