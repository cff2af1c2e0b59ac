import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ColorField, optionsOf, SelectField } from '@/components/choice-fields';
import { MoneyField, TextField } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  hasBankDetails,
  type BankAccountFormValues,
} from '@/features/bank-accounts/api/create-bank-account';
import { bankAccountTypeLabels } from '@/lib/labels';

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
  const activeId = useId();
  const isCard = type === 'credit_card';

  return (
    <div className="grid gap-4">
      <TextField
        control={control}
        name="name"
        label="Nome da instituição"
        required
        placeholder="Ex: Banco do Brasil, Nubank"
        maxLength={120}
        autoComplete="off"
        disabled={disabled}
      />

      <SelectField
        control={control}
        name="type"
        label="Tipo de conta"
        required
        options={optionsOf(bankAccountTypeLabels)}
        placeholder="Selecione o tipo"
        disabled={disabled}
      />

      <TextField
        control={control}
        name="alias"
        label="Apelido"
        description="Como a conta aparece para a equipe (opcional)."
        placeholder="Ex: Conta principal"
        maxLength={60}
        autoComplete="off"
        disabled={disabled}
      />

      {hasBankDetails(type) ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            control={control}
            name="agency"
            label="Agência"
            placeholder="0000"
            inputMode="numeric"
            maxLength={20}
            autoComplete="off"
            disabled={disabled}
          />
          <TextField
            control={control}
            name="accountNumber"
            label="Número da conta"
            placeholder="00000-0"
            maxLength={30}
            autoComplete="off"
            disabled={disabled}
          />
        </div>
      ) : null}

      <MoneyField
        control={control}
        name="initialBalance"
        label="Saldo inicial"
        holds="centsAndText"
        allowNegative
        description={
          initialBalanceHint ??
          (isCard
            ? 'Para a fatura em aberto do cartão, use um valor negativo (ex: -1.500,00).'
            : 'Use o sinal de menos para um saldo negativo.')
        }
        disabled={disabled}
      />

      <ColorField control={control} name="color" disabled={disabled} />

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
