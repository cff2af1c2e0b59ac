import { useId } from 'react';
import { ColorPicker } from '@/components/ui/color-picker';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormField } from '@/components/ui/form-field';
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
  type AccountFormErrors,
  type AccountFormValues,
} from '@/features/bank-accounts/lib/account-form';
import { bankAccountTypeLabels, type BankAccountType } from '@/lib/labels';

const accountTypes = Object.keys(bankAccountTypeLabels) as BankAccountType[];

function isAccountType(value: string): value is BankAccountType {
  return value in bankAccountTypeLabels;
}

interface AccountFormFieldsProps {
  values: AccountFormValues;
  onChange: (patch: Partial<AccountFormValues>) => void;
  errors: AccountFormErrors;
  disabled?: boolean;
  /** Under the initial balance: in the edit dialog, what changing it does. */
  initialBalanceHint?: string;
}

/** The fields shared by the new-account screen and the edit dialog. */
export function AccountFormFields({
  values,
  onChange,
  errors,
  disabled,
  initialBalanceHint,
}: AccountFormFieldsProps) {
  const colorLabelId = useId();
  const activeId = useId();
  const isCard = values.type === 'credit_card';

  return (
    <div className="grid gap-4">
      <FormField label="Nome da instituição" required error={errors.name}>
        <Input
          value={values.name}
          onChange={(event) => onChange({ name: event.target.value })}
          placeholder="Ex: Banco do Brasil, Nubank"
          maxLength={120}
          autoComplete="off"
          disabled={disabled}
        />
      </FormField>

      <FormField label="Tipo de conta" required error={errors.type}>
        {(controlProps) => (
          <Select
            value={values.type}
            onValueChange={(value) => {
              if (isAccountType(value)) onChange({ type: value });
            }}
            disabled={disabled}
          >
            <SelectTrigger {...controlProps}>
              <SelectValue placeholder="Selecione o tipo" />
            </SelectTrigger>
            <SelectContent>
              {accountTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {bankAccountTypeLabels[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <FormField label="Apelido" description="Como a conta aparece para a equipe (opcional).">
        <Input
          value={values.alias}
          onChange={(event) => onChange({ alias: event.target.value })}
          placeholder="Ex: Conta principal"
          maxLength={60}
          autoComplete="off"
          disabled={disabled}
        />
      </FormField>

      {hasBankDetails(values.type) ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Agência">
            <Input
              value={values.agency}
              onChange={(event) => onChange({ agency: event.target.value })}
              placeholder="0000"
              inputMode="numeric"
              maxLength={20}
              autoComplete="off"
              disabled={disabled}
            />
          </FormField>
          <FormField label="Número da conta">
            <Input
              value={values.accountNumber}
              onChange={(event) => onChange({ accountNumber: event.target.value })}
              placeholder="00000-0"
              maxLength={30}
              autoComplete="off"
              disabled={disabled}
            />
          </FormField>
        </div>
      ) : null}

      <FormField
        label="Saldo inicial"
        error={errors.initialBalance}
        description={
          initialBalanceHint ??
          (isCard
            ? 'Para a fatura em aberto do cartão, use um valor negativo (ex: -1.500,00).'
            : 'Use o sinal de menos para um saldo negativo.')
        }
      >
        <CurrencyInput
          allowNegative
          value={values.initialBalanceCents}
          onValueChange={(cents, text) =>
            onChange({ initialBalanceCents: cents, initialBalanceText: text })
          }
          disabled={disabled}
        />
      </FormField>

      <div className="grid gap-2">
        <span id={colorLabelId} className="text-sm font-medium leading-none">
          Cor
        </span>
        <ColorPicker
          aria-labelledby={colorLabelId}
          value={values.color}
          onValueChange={(color) => onChange({ color })}
          disabled={disabled}
        />
      </div>

      <div className="flex min-h-touch items-center justify-between gap-3 rounded-md border px-3">
        <Label htmlFor={activeId}>Conta ativa</Label>
        <Switch
          id={activeId}
          checked={values.isActive}
          onCheckedChange={(checked) => onChange({ isActive: checked })}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
