import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
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
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { parseCurrency } from '@/lib/money';
import { productCategories, productFrequencyLabels, productUnitLabels } from '@/lib/labels';
import {
  newSupplierProductInput,
  useCreateSupplierProduct,
  type NewSupplierProduct,
  type NewSupplierProductInput,
} from '@/features/suppliers/api/create-supplier-product';
import { toastSupplierFormErrors } from '@/features/suppliers/lib/supplier-form';

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

function ProductForm({ supplierId, onDone }: { supplierId: string; onDone: () => void }) {
  const createProduct = useCreateSupplierProduct(supplierId);
  const form = useForm({
    resolver: zodResolver(newSupplierProductInput),
    defaultValues: {
      name: '',
      price: '',
      unit: '',
      category: 'Diversos',
      description: '',
      frequency: 'mensal',
    } satisfies NewSupplierProductInput,
  });

  async function onValid(values: NewSupplierProduct) {
    try {
      await createProduct.mutateAsync(values);
    } catch (error) {
      toastError('Erro ao adicionar produto', error);
      return;
    }
    toast.success('Produto adicionado!', {
      description: `${values.name} foi incluído no catálogo.`,
    });
    onDone();
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, (errors) =>
          toastSupplierFormErrors(errors, 'Preço inválido'),
        )}
        className="grid gap-4"
        aria-label="Adicionar produto"
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Nome do Produto</FormLabel>
              <FormControl>
                <Input {...field} maxLength={200} placeholder="Ex: Cimento CP-II 50kg" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={form.control}
            name="price"
            render={({ field }) => (
              <FormItem required>
                <FormLabel>Preço</FormLabel>
                <FormControl>
                  {/* The field holds the text as typed; the schema turns it into centavos. */}
                  <CurrencyInput
                    ref={field.ref}
                    name={field.name}
                    value={parseCurrency(field.value)}
                    onValueChange={(_cents, text) => field.onChange(text)}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="unit"
            render={({ field }) => (
              <FormItem required>
                <FormLabel>Unidade</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder="Selecione" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {Object.entries(productUnitLabels).map(([value, label]) => (
                      <SelectItem key={value} value={value}>
                        {label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={form.control}
            name="category"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Categoria</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {productCategories.map((value) => (
                      <SelectItem key={value} value={value}>
                        {value}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="frequency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Frequência</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {Object.entries(productFrequencyLabels).map(([value, label]) => (
                      <SelectItem key={value} value={value}>
                        {label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Textarea {...field} maxLength={1000} rows={2} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={createProduct.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={createProduct.isPending}>
            {createProduct.isPending ? 'Adicionando...' : 'Adicionar'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
