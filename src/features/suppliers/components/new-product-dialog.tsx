import { useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/errors';
import { productCategories, productFrequencyLabels, productUnitLabels } from '@/lib/labels';
import { useCreateSupplierProduct } from '@/features/suppliers/api/create-supplier-product';

interface NewProductDialogProps {
  supplierId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NewProductDialog({ supplierId, open, onOpenChange }: NewProductDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Adicionar Produto</DialogTitle>
          <DialogDescription>Inclua um produto no catálogo deste fornecedor.</DialogDescription>
        </DialogHeader>
        <ProductForm supplierId={supplierId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type ProductField = 'name' | 'price' | 'unit';

function ProductForm({ supplierId, onDone }: { supplierId: string; onDone: () => void }) {
  const createProduct = useCreateSupplierProduct(supplierId);
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [priceText, setPriceText] = useState('');
  const [unit, setUnit] = useState('');
  const [category, setCategory] = useState('Diversos');
  const [description, setDescription] = useState('');
  const [frequency, setFrequency] = useState('mensal');
  const [errors, setErrors] = useState<Partial<Record<ProductField, string>>>({});

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<ProductField, string>> = {};
    if (name.trim() === '') found.name = 'Campo obrigatório';
    if (priceText.trim() === '') found.price = 'Campo obrigatório';
    if (unit === '') found.unit = 'Campo obrigatório';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Campos obrigatórios', {
        description: 'Por favor, preencha todos os campos obrigatórios.',
      });
      return;
    }
    if (price === null || price <= 0) {
      setErrors({ price: 'Informe um preço maior que zero.' });
      toast.error('Preço inválido', { description: 'Informe um preço maior que zero.' });
      return;
    }
    createProduct.mutate(
      {
        name: name.trim(),
        price,
        unit,
        category,
        description: description.trim() === '' ? null : description.trim(),
        frequency,
      },
      {
        onSuccess: () => {
          toast.success('Produto adicionado!', {
            description: `${name.trim()} foi incluído no catálogo.`,
          });
          onDone();
        },
        onError: (error) => {
          toast.error('Erro ao adicionar produto', { description: getErrorMessage(error) });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Adicionar produto">
      <FormField label="Nome do Produto" required error={errors.name}>
        <Input
          value={name}
          maxLength={200}
          placeholder="Ex: Cimento CP-II 50kg"
          onChange={(event) => {
            setName(event.target.value);
            setErrors((e) => ({ ...e, name: undefined }));
          }}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Preço" required error={errors.price}>
          <CurrencyInput
            value={price}
            onValueChange={(cents, text) => {
              setPrice(cents);
              setPriceText(text);
              setErrors((e) => ({ ...e, price: undefined }));
            }}
          />
        </FormField>
        <FormField label="Unidade" required error={errors.unit}>
          {(control) => (
            <Select
              value={unit}
              onValueChange={(value) => {
                setUnit(value);
                setErrors((e) => ({ ...e, unit: undefined }));
              }}
            >
              <SelectTrigger {...control}>
                <SelectValue placeholder="Selecione" />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(productUnitLabels).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Categoria">
          {(control) => (
            <Select value={category} onValueChange={setCategory}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {productCategories.map((value) => (
                  <SelectItem key={value} value={value}>
                    {value}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Frequência">
          {(control) => (
            <Select value={frequency} onValueChange={setFrequency}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(productFrequencyLabels).map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>
      <FormField label="Descrição">
        <Textarea
          value={description}
          maxLength={1000}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={createProduct.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={createProduct.isPending}>
          {createProduct.isPending ? 'Adicionando...' : 'Adicionar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
