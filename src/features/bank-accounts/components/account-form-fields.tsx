import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ColorPicker } from '@/components/ui/color-picker';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import {
  hasBankDetails,
  type BankAccountFormValues,
} from '@/features/bank-accounts/api/create-bank-account';
import { bankAccountTypeLabels, type BankAccountType } from '@/lib/labels';

const accountTypes = Object.keys(bankAccountTypeLabels) as BankAccountType[];

function typeValue(type: BankAccountType | undefined): string {
  return type ?? '';
}

interface AccountFormFieldsProps {
  disabled?: boolean;
  /** Under the initial balance: in the edit dialog, what changing it does. */
  initialBalanceHint?: string;
}

/**
 * The fields shared by the new-account screen and the edit dialog, inside their
 * `<Form {...form}>` (a react-hook-form over `bankAccountInput`).
 */
export function AccountFormFields({ disabled, initialBalanceHint }: AccountFormFieldsProps) {
  const { control } = useFormContext<BankAccountFormValues>();
  const type = useWatch({ control, name: 'type' });
  const colorLabelId = useId();
  const activeId = useId();
  const isCard = type === 'credit_card';

  return (
    <div className="grid gap-4">
      <FormField
        control={control}
        name="name"
        render={({ field }) => (
          <FormItem required>
            <FormLabel>Nome da instituição</FormLabel>
            <FormControl>
              <Input
                {...field}
                placeholder="Ex: Banco do Brasil, Nubank"
                maxLength={120}
                autoComplete="off"
                disabled={disabled}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />

      <FormField
        control={control}
        name="type"
        render={({ field }) => (
          <FormItem required>
            <FormLabel>Tipo de conta</FormLabel>
            <Select
              // No type yet (a new account) is undefined at run time: the placeholder shows.
              value={typeValue(field.value)}
              onValueChange={field.onChange}
              disabled={disabled}
            >
              <FormControl>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Selecione o tipo" />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {accountTypes.map((option) => (
                  <SelectItem key={option} value={option}>
                    {bankAccountTypeLabels[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />

      <FormField
        control={control}
        name="alias"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Apelido</FormLabel>
            <FormControl>
              <Input
                {...field}
                placeholder="Ex: Conta principal"
                maxLength={60}
                autoComplete="off"
                disabled={disabled}
              />
            </FormControl>
            <FormDescription>Como a conta aparece para a equipe (opcional).</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />

      {hasBankDetails(type) ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={control}
            name="agency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Agência</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    placeholder="0000"
                    inputMode="numeric"
                    maxLength={20}
                    autoComplete="off"
                    disabled={disabled}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="accountNumber"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Número da conta</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    placeholder="00000-0"
                    maxLength={30}
                    autoComplete="off"
                    disabled={disabled}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      ) : null}

      <FormField
        control={control}
        name="initialBalance"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Saldo inicial</FormLabel>
            <FormControl>
              <CurrencyInput
                ref={field.ref}
                allowNegative
                value={field.value.cents}
                onValueChange={(cents, text) => field.onChange({ cents, text })}
                onBlur={field.onBlur}
                disabled={disabled}
              />
            </FormControl>
            <FormDescription>
              {initialBalanceHint ??
                (isCard
                  ? 'Para a fatura em aberto do cartão, use um valor negativo (ex: -1.500,00).'
                  : 'Use o sinal de menos para um saldo negativo.')}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />

      <FormField
        control={control}
        name="color"
        render={({ field }) => (
          <div className="grid gap-2">
            <span id={colorLabelId} className="text-sm font-medium leading-none">
              Cor
            </span>
            <ColorPicker
              aria-labelledby={colorLabelId}
              value={field.value}
              onValueChange={field.onChange}
              disabled={disabled}
            />
          </div>
        )}
      />

      <FormField
        control={control}
        name="isActive"
        render={({ field }) => (
          <div className="flex min-h-touch items-center justify-between gap-3 rounded-md border px-3">
            <Label htmlFor={activeId}>Conta ativa</Label>
            <Switch
              id={activeId}
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={disabled}
            />
          </div>
        )}
      />
    </div>
  );
}
