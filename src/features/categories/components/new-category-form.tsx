import { useId, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { DEFAULT_COLOR, type ColorToken } from '@/lib/colors';
import { cn } from '@/lib/utils';
import { useCreateCategory } from '@/features/categories/api/create-category';
import {
  categoryTypeFromChoice,
  normaliseCategoryFields,
  saveErrorText,
  validateCategoryName,
  type CategoryKindChoice,
} from '@/features/categories/lib/category';
import { ColorPicker } from '@/components/ui/color-picker';

export function NewCategoryForm() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [searchParams] = useSearchParams();
  // Despesa by default; the list's Receitas tab links here with ?tipo=receita.
  const [kind, setKind] = useState<CategoryKindChoice>(
    searchParams.get('tipo') === 'receita' ? 'receita' : 'despesa',
  );
  const [color, setColor] = useState<ColorToken>(DEFAULT_COLOR);
  const [nameError, setNameError] = useState<string | null>(null);
  const typeLabelId = useId();
  const colorLabelId = useId();
  const createCategory = useCreateCategory();

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = validateCategoryName(name);
    setNameError(error);
    if (error) {
      toast.error('Erro', { description: error });
      return;
    }
    createCategory.mutate(
      {
        ...normaliseCategoryFields({ name, description }),
        type: categoryTypeFromChoice[kind],
        color,
      },
      {
        onSuccess: (created) => {
          toast.success('Sucesso', { description: 'Categoria cadastrada com sucesso!' });
          // Land on the tab where the new category is.
          void navigate(created.type === 'income' ? '/categorias?tipo=receitas' : '/categorias');
        },
        onError: (failure) => {
          toast.error('Erro', {
            description: saveErrorText(failure, 'Erro ao cadastrar categoria. Tente novamente.'),
          });
        },
      },
    );
  }

  const pending = createCategory.isPending;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      <FormField label="Nome da categoria" required error={nameError}>
        <Input
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(null);
          }}
          placeholder="Ex: Materiais de construção"
          maxLength={100}
          autoComplete="off"
        />
      </FormField>

      <FormField label="Descrição">
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="Descreva para que serve esta categoria (opcional)"
          maxLength={500}
        />
      </FormField>

      <div className="grid gap-2">
        <Label id={typeLabelId} asChild>
          <span>Tipo</span>
        </Label>
        <RadioGroup
          aria-labelledby={typeLabelId}
          value={kind}
          onValueChange={(value) => {
            if (value === 'receita' || value === 'despesa') setKind(value);
          }}
          className="grid grid-cols-2 gap-2"
        >
          <KindOption
            value="receita"
            label="Receita"
            hint="Dinheiro que entra"
            selected={kind === 'receita'}
          />
          <KindOption
            value="despesa"
            label="Despesa"
            hint="Dinheiro que sai"
            selected={kind === 'despesa'}
          />
        </RadioGroup>
      </div>

      <div className="grid gap-2">
        <Label id={colorLabelId} asChild>
          <span>Cor</span>
        </Label>
        <ColorPicker
          aria-labelledby={colorLabelId}
          value={color}
          onValueChange={setColor}
          className="sm:grid-cols-8"
        />
      </div>

      <div className="grid grid-cols-2 gap-2">
        <Link to="/categorias" className={cn(buttonVariants({ variant: 'outline' }))}>
          Cancelar
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? 'Cadastrando...' : 'Cadastrar Categoria'}
        </Button>
      </div>
    </form>
  );
}

function KindOption({
  value,
  label,
  hint,
  selected,
}: {
  value: CategoryKindChoice;
  label: string;
  hint: string;
  selected: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-touch cursor-pointer items-center gap-3 rounded-md border p-3',
        selected &&
          (value === 'receita' ? 'border-income bg-income/10' : 'border-expense bg-expense/10'),
      )}
    >
      <RadioGroupItem id={id} value={value} aria-describedby={`${id}-hint`} />
      <span className="grid">
        <span className="text-sm font-medium">{label}</span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}
