import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button, buttonVariants } from '@/components/ui/button';
import { ColorField } from '@/components/choice-fields';
import { Form, FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { DEFAULT_COLOR } from '@/lib/colors';
import { defaultDreGroup, dreGroupsFor } from '@/lib/dre-groups';
import { cn } from '@/lib/utils';
import {
  createCategoryInput,
  useCreateCategory,
  type CreateCategoryInput,
} from '@/features/categories/api/create-category';
import {
  CategoryDescriptionField,
  CategoryDreGroupField,
  CategoryNameField,
} from '@/features/categories/components/category-fields';
import {
  toastCategoryError,
  toastFirstError,
  type CategoryType,
} from '@/features/categories/lib/category';

export function NewCategoryForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const initialType: CategoryType = searchParams.get('tipo') === 'receita' ? 'income' : 'expense';
  const form = useForm({
    resolver: zodResolver(createCategoryInput),
    defaultValues: {
      name: '',
      description: '',
      // Despesa by default; the list's Receitas tab links here with ?tipo=receita.
      type: initialType,
      color: DEFAULT_COLOR,
      dre_group: defaultDreGroup(initialType),
    } satisfies CreateCategoryInput,
  });
  const selectedType = useWatch({ control: form.control, name: 'type' });
  const typeLabelId = useId();
  const createCategory = useCreateCategory();

  async function onValid(values: CreateCategoryInput) {
    try {
      const created = await createCategory.mutateAsync(values);
      toast.success('Sucesso', { description: 'Categoria cadastrada com sucesso!' });
      // Land on the tab where the new category is.
      void navigate(created.type === 'income' ? '/categorias?tipo=receitas' : '/categorias');
    } catch (failure) {
      toastCategoryError('Erro', failure, 'Erro ao cadastrar categoria. Tente novamente.');
    }
  }

  const pending = createCategory.isPending;
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onValid, toastFirstError)}
        noValidate
        className="grid gap-5"
      >
        <CategoryNameField placeholder="Ex: Materiais de construção" />

        <CategoryDescriptionField placeholder="Descreva para que serve esta categoria (opcional)" />

        <FormField
          control={form.control}
          name="type"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label id={typeLabelId} asChild>
                <span>Tipo</span>
              </Label>
              <RadioGroup
                aria-labelledby={typeLabelId}
                value={field.value}
                onValueChange={(next) => {
                  field.onChange(next);
                  // The DRE group follows the type when it no longer fits.
                  const type = next as CategoryType;
                  if (!dreGroupsFor(type).includes(form.getValues('dre_group'))) {
                    form.setValue('dre_group', defaultDreGroup(type));
                  }
                }}
                className="grid grid-cols-2 gap-2"
              >
                <KindOption
                  value="income"
                  label="Receita"
                  hint="Dinheiro que entra"
                  selected={field.value === 'income'}
                />
                <KindOption
                  value="expense"
                  label="Despesa"
                  hint="Dinheiro que sai"
                  selected={field.value === 'expense'}
                />
              </RadioGroup>
            </div>
          )}
        />

        <CategoryDreGroupField type={selectedType} />

        <ColorField control={form.control} name="color" className="sm:grid-cols-8" />

        <div className="grid grid-cols-2 gap-2">
          <Link to="/categorias" className={cn(buttonVariants({ variant: 'outline' }))}>
            Cancelar
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? 'Cadastrando...' : 'Cadastrar Categoria'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function KindOption({
  value,
  label,
  hint,
  selected,
}: {
  value: CategoryType;
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
          (value === 'income' ? 'border-income bg-income/10' : 'border-expense bg-expense/10'),
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
