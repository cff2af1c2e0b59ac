import { FileCode, FileUp } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { FieldItem } from '@/components/form-fields';
import { CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { findImportedNfe, useImportNfe } from '@/lib/api/import-nfe';
import { formatDocument } from '@/lib/br-documents';
import { INVALID_NFE_MESSAGE, parseNfe, type Nfe } from '@/lib/capture/nfe';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate } from '@/lib/dates';
import { errorKey, getErrorMessage } from '@/lib/errors';
import { formatCurrency } from '@/lib/money';
import { toast } from '@/lib/toast';
import type { Json } from '@/lib/database.types';

/**
 * "Ratear" for the note (issue 33), given by Lançar (the split editor is the entries feature's): the
 * note's total split into parts, each duplicata split the same way.
 */
export interface NfeSplitSlot {
  /** True while the note is split: obra and categoria are then the parts'. */
  active: boolean;
  /** "Ratear", or the editor for the note's total. */
  render: (totalCents: number) => ReactNode;
  /** The parts of each amount (database shape), or what is wrong, in Portuguese. */
  partsFor: (totalCents: number, amounts: number[]) => Json[] | string;
  /** Back to not split (after an import). */
  reset: () => void;
}

interface NfeImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  split?: NfeSplitSlot;
}

const ALREADY_IMPORTED = 'NF-e já importada.';

type Problem = { text: string; entryId?: string } | null;

/** What the user chooses for the whole note; the note itself is read from the file. */
interface NfeChoices {
  projectId: string | null;
  categoryId: string | null;
  addProducts: boolean;
}

/**
 * Importar NF-e (XML): the supplier's XML read on the device, previewed (emitente, CNPJ, número,
 * emissão, total, duplicatas, items), obra and categoria chosen, then import_nfe creates the
 * supplier (or finds it by CNPJ) and one payable per duplicata. Lançar and a supplier's page.
 */
export function NfeImportDialog({ open, onOpenChange, split }: NfeImportDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Importar NF-e (XML)"
      description="Escolha o arquivo XML da nota enviado pelo fornecedor. Cada duplicata vira uma conta a pagar."
      className="max-h-[90dvh] overflow-y-auto"
    >
      <NfeImportBody onDone={() => onOpenChange(false)} split={split} />
    </FormDialog>
  );
}

function NfeImportBody({ onDone, split }: { onDone: () => void; split?: NfeSplitSlot }) {
  const fileId = useId();
  const { id: companyId } = useCurrentCompany();
  const [nfe, setNfe] = useState<Nfe | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const addProductsId = useId();
  const form = useForm<NfeChoices>({
    defaultValues: { projectId: null, categoryId: null, addProducts: false },
  });
  const importNfe = useImportNfe();

  async function read(file: File | undefined) {
    setNfe(null);
    setProblem(null);
    setFileName(file?.name ?? null);
    if (!file) return;
    const parsed = parseNfe(await file.text());
    if (!parsed) {
      setProblem({ text: INVALID_NFE_MESSAGE });
      return;
    }
    try {
      const imported = await findImportedNfe(companyId, parsed.key);
      if (imported) {
        setProblem({ text: ALREADY_IMPORTED, entryId: imported });
        return;
      }
    } catch {
      // Checked again by the database on import.
    }
    setNfe(parsed);
  }

  async function confirm(choices: NfeChoices) {
    if (!nfe) return;
    let duplicataParts: Json[] | null = null;
    if (split?.active) {
      const amounts = nfe.duplicatas.length
        ? nfe.duplicatas.map((dup) => dup.amountCents)
        : [nfe.totalCents];
      const parts = split.partsFor(nfe.totalCents, amounts);
      if (typeof parts === 'string') {
        setProblem({ text: parts });
        return;
      }
      duplicataParts = parts;
    }
    let result;
    try {
      result = await importNfe.mutateAsync({
        nfe,
        ...choices,
        ...(duplicataParts ? { duplicataParts, projectId: null, categoryId: null } : {}),
      });
    } catch (error) {
      if (errorKey(error) === 'nfe_already_imported') {
        const imported = await findImportedNfe(companyId, nfe.key).catch(() => null);
        setProblem({ text: ALREADY_IMPORTED, entryId: imported ?? undefined });
        setNfe(null);
        return;
      }
      setProblem({ text: getErrorMessage(error, 'Não foi possível importar a NF-e.') });
      return;
    }
    const count = result.entryIds.length;
    toast.success('NF-e importada', {
      description: `${count === 1 ? '1 conta a pagar criada' : `${count} contas a pagar criadas`}${
        result.supplierCreated ? ` e fornecedor ${nfe.issuer.name} cadastrado` : ''
      }.`,
    });
    split?.reset();
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(confirm)}
      busy={importNfe.isPending}
      onCancel={onDone}
      cancelWhileBusy
      submitLabel="Importar"
      busyLabel="Importando..."
      submitIcon={<FileUp aria-hidden="true" />}
      submitDisabled={!nfe}
    >
      <div className="grid gap-2">
        <Label htmlFor={fileId}>Arquivo XML da NF-e</Label>
        {/* The browser's own file input speaks the browser's language ("Choose File"): hidden, and
            a button of ours opens it. */}
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept=".xml,text/xml,application/xml"
          className="sr-only"
          onChange={(event) => void read(event.target.files?.[0])}
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button variant="outline" className="shrink-0" onClick={() => fileInput.current?.click()}>
            <FileCode aria-hidden="true" />
            {fileName ? 'Trocar arquivo' : 'Escolher arquivo'}
          </Button>
          <span className="min-w-0 break-all text-sm text-muted-foreground">
            {fileName ?? 'Nenhum arquivo escolhido'}
          </span>
        </div>
      </div>

      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem.text}{' '}
          {problem.entryId ? (
            <Link
              to={`/lancamentos/expense/${problem.entryId}`}
              onClick={onDone}
              className="underline"
            >
              Ver lançamentos
            </Link>
          ) : null}
        </p>
      ) : null}

      {nfe ? (
        <>
          <dl
            aria-label="Resumo da NF-e"
            className="grid grid-cols-2 gap-2 rounded-md border p-3 text-sm"
          >
            <div className="col-span-2">
              <dt className="text-muted-foreground">Emitente</dt>
              <dd className="font-medium">{nfe.issuer.name}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                {nfe.issuer.document.length === 11 ? 'CPF' : 'CNPJ'}
              </dt>
              <dd className="whitespace-nowrap font-medium">
                {formatDocument(nfe.issuer.document)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Número/Série</dt>
              <dd className="font-medium">
                {nfe.number}
                {nfe.series ? `/${nfe.series}` : ''}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Emissão</dt>
              <dd className="font-medium">{formatDate(nfe.issuedOn)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Valor total</dt>
              <dd className="font-medium tabular-nums">{formatCurrency(nfe.totalCents)}</dd>
            </div>
          </dl>

          <section aria-label="Duplicatas" className="grid gap-1 text-sm">
            <h3 className="font-semibold">Duplicatas</h3>
            {nfe.duplicatas.length === 0 ? (
              <p className="text-muted-foreground">
                Sem duplicatas: uma conta de {formatCurrency(nfe.totalCents)} com vencimento na
                emissão.
              </p>
            ) : (
              <ul className="divide-y rounded-md border">
                {nfe.duplicatas.map((dup, i) => (
                  <li key={`${dup.number}-${i}`} className="flex justify-between gap-2 px-3 py-2">
                    <span>
                      {dup.number || `${i + 1}`} · {formatDate(dup.dueDate)}
                    </span>
                    <span className="tabular-nums">{formatCurrency(dup.amountCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {nfe.items.length > 0 ? (
            <section aria-label="Itens" className="grid gap-1 text-sm">
              <h3 className="font-semibold">Itens</h3>
              <ul className="divide-y rounded-md border">
                {nfe.items.map((item, i) => (
                  <li key={i} className="flex justify-between gap-2 px-3 py-2">
                    <span className="min-w-0 break-words">
                      {item.name} ({item.quantity.toLocaleString('pt-BR')} {item.unit})
                    </span>
                    <span className="tabular-nums">{formatCurrency(item.totalCents)}</span>
                  </li>
                ))}
              </ul>
              <div className="flex items-center gap-2 pt-1">
                <Controller
                  control={form.control}
                  name="addProducts"
                  render={({ field }) => (
                    <Checkbox
                      id={addProductsId}
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                    />
                  )}
                />
                <Label htmlFor={addProductsId} className="cursor-pointer font-normal">
                  Adicionar os itens aos produtos do fornecedor
                </Label>
              </div>
            </section>
          ) : null}

          {split?.active ? null : (
            <>
              <FieldItem control={form.control} name="projectId" label="Obra/Projeto">
                {(field) => (
                  <ProjectPicker
                    ref={field.ref}
                    value={field.value as string | null}
                    onChange={field.onChange}
                    noneLabel="Geral (sem obra específica)"
                  />
                )}
              </FieldItem>
              <FieldItem control={form.control} name="categoryId" label="Categoria">
                {(field) => (
                  <CategoryPicker
                    ref={field.ref}
                    type="expense"
                    value={field.value as string | null}
                    onChange={field.onChange}
                    noneLabel="Sem categoria"
                  />
                )}
              </FieldItem>
            </>
          )}
          {split ? split.render(nfe.totalCents) : null}
        </>
      ) : null}
    </DialogForm>
  );
}
