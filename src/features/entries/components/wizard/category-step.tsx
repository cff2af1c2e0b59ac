import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/lib/api/lookups';
import type { EntryKind } from '@/features/entries/lib/wizard';
import { ChoiceList } from '@/features/entries/components/wizard/choice-list';

interface CategoryStepProps {
  kind: EntryKind;
  value: string | null;
  onChange: (categoryId: string) => void;
}

/** Step 6: an active category of the entry's type (expense for payables, income for receivables). */
export function CategoryStep({ kind, value, onChange }: CategoryStepProps) {
  const categories = useCategories({ type: kind === 'payable' ? 'expense' : 'income', activeOnly: true });
  if (categories.isPending) return <Spinner className="justify-start text-sm" label="Carregando categorias..." />;
  if (categories.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        Erro ao carregar categorias
      </p>
    );
  }
  if (categories.data.length === 0) {
    return (
      <div className="grid gap-2 rounded-lg border border-dashed p-4 text-sm">
        <p>
          {kind === 'payable'
            ? 'Nenhuma categoria de despesa cadastrada'
            : 'Nenhuma categoria de receita cadastrada'}
        </p>
        <Link to="/categorias/nova" className="font-medium text-primary underline underline-offset-4">
          Cadastrar categoria
        </Link>
      </div>
    );
  }
  return (
    <ChoiceList
      label="Categoria"
      tone={kind === 'payable' ? 'expense' : 'income'}
      value={value}
      onChange={onChange}
      choices={categories.data.map((c) => ({ value: c.id, label: c.name, hint: c.description ?? undefined }))}
    />
  );
}
