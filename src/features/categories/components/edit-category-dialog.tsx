import { useId, useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toColorToken, type ColorToken } from '@/lib/colors';
import type { Category } from '@/features/categories/api/get-category';
import { useUpdateCategory } from '@/features/categories/api/update-category';
import {
  normaliseCategoryFields,
  saveErrorText,
  validateCategoryName,
} from '@/features/categories/lib/category';
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
          <DialogDescription>Altere o nome, a descrição ou a cor.</DialogDescription>
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
  const [name, setName] = useState(category.name);
  const [description, setDescription] = useState(category.description ?? '');
  const [color, setColor] = useState<ColorToken>(toColorToken(category.color));
  const [nameError, setNameError] = useState<string | null>(null);
  const colorLabelId = useId();
  const updateCategory = useUpdateCategory();

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = validateCategoryName(name);
    setNameError(error);
    if (error) {
      toast.error('Erro', { description: error });
      return;
    }
    updateCategory.mutate(
      { id: category.id, ...normaliseCategoryFields({ name, description }), color },
      {
        onSuccess: () => {
          toast.success('Categoria atualizada!', { description: 'As alterações foram salvas.' });
          onDone();
        },
        // The dialog stays open with what was typed, so the user can fix it and try again.
        onError: (failure) => {
          toast.error('Erro ao atualizar categoria', {
            description: saveErrorText(
              failure,
              'Não foi possível salvar a categoria. Tente novamente.',
            ),
          });
        },
      },
    );
  }

  const pending = updateCategory.isPending;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <FormField label="Nome da categoria" required error={nameError}>
        <Input
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(null);
          }}
          maxLength={100}
          autoComplete="off"
        />
      </FormField>
      <FormField label="Descrição">
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={500}
        />
      </FormField>
      <div className="grid gap-2">
        <Label id={colorLabelId} asChild>
          <span>Cor</span>
        </Label>
        <ColorPicker aria-labelledby={colorLabelId} value={color} onValueChange={setColor} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
