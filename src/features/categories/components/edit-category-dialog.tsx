import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toColorToken } from '@/lib/colors';
import { defaultDreGroup, isDreGroup } from '@/lib/dre-groups';
import { DreGroupSelect } from '@/features/categories/components/dre-group-select';
import type { Category } from '@/features/categories/api/get-category';
import {
  updateCategoryInput,
  useUpdateCategory,
  type UpdateCategoryInput,
} from '@/features/categories/api/update-category';
import { saveErrorText, toastFirstError } from '@/features/categories/lib/category';
import { ColorPicker } from '@/components/ui/color-picker';

interface EditCategoryDialogProps {
  /** The category being edited; null closes the dialog. */
  category: Category | null;
  onOpenChange: (open: boolean) => void;
}

export function EditCategoryDialog({ category, onOpenChange }: EditCategoryDialogProps) {
  return (
    <Dialog open={category !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Categoria</DialogTitle>
          <DialogDescription>
            Altere o nome, a descrição, o grupo no DRE ou a cor.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed so that the fields start from the category each time another one is opened. */}
        {category ? (
          <EditCategoryForm
            key={category.id}
            category={category}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditCategoryForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const type = category.type === 'income' ? 'income' : 'expense';
  const form = useForm({
    resolver: zodResolver(updateCategoryInput),
    defaultValues: {
      id: category.id,
      name: category.name,
      description: category.description ?? '',
      color: toColorToken(category.color),
      dre_group: isDreGroup(category.dre_group) ? category.dre_group : defaultDreGroup(type),
    } satisfies UpdateCategoryInput,
  });
  const colorLabelId = useId();
  const updateCategory = useUpdateCategory();

  async function onValid(values: UpdateCategoryInput) {
    try {
      await updateCategory.mutateAsync(values);
    } catch (failure) {
      // The dialog stays open with what was typed, so the user can fix it and try again.
      toast.error('Erro ao atualizar categoria', {
        description: saveErrorText(
          failure,
          'Não foi possível salvar a categoria. Tente novamente.',
        ),
      });
      return;
    }
    toast.success('Categoria atualizada!', { description: 'As alterações foram salvas.' });
    onDone();
  }

  const pending = updateCategory.isPending;
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onValid, toastFirstError)}
        noValidate
        className="grid gap-4"
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Nome da categoria</FormLabel>
              <FormControl>
                <Input {...field} maxLength={100} autoComplete="off" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Textarea {...field} value={field.value ?? ''} maxLength={500} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="dre_group"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Grupo no DRE</FormLabel>
              <FormControl>
                <DreGroupSelect type={type} value={field.value} onChange={field.onChange} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="color"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label id={colorLabelId} asChild>
                <span>Cor</span>
              </Label>
              <ColorPicker
                aria-labelledby={colorLabelId}
                value={field.value}
                onValueChange={field.onChange}
              />
            </div>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
