import {
  OptionSelect,
  withCurrent,
  type PickerOption,
  type PickerFieldProps,
  type PickerTriggerProps,
} from '@/components/pickers/option-select';
import { isWaitingForNetwork } from '@/components/query-state';
import {
  useBankAccounts,
  useCategories,
  useClients,
  useProjects,
  useSuppliers,
  type BankAccount,
} from '@/lib/api/lookups';

interface PickerProps extends PickerTriggerProps, PickerFieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The null option's label; omit it to make a choice required. */
  noneLabel?: string;
  placeholder?: string;
  /** The row the record names today, offered even when the list no longer has it (archived). */
  current?: PickerOption | null;
  disabled?: boolean;
}

/** Active bank accounts; `optionLabel` can add e.g. the balance ("Banco do Brasil - R$ 10,00"). */
export function BankAccountPicker({
  optionLabel = (account) => account.name,
  current,
  ...props
}: PickerProps & { optionLabel?: (account: BankAccount) => string }) {
  const accounts = useBankAccounts();
  const options = (accounts.data ?? []).map((account) => ({
    id: account.id,
    name: optionLabel(account),
  }));
  return (
    <OptionSelect
      options={withCurrent(options, current)}
      offline={isWaitingForNetwork(accounts)}
      {...props}
    />
  );
}

/** Active categories of one type (expense for payables, income for receivables). */
export function CategoryPicker({
  type,
  current,
  ...props
}: PickerProps & { type: 'income' | 'expense' }) {
  const categories = useCategories({ type });
  const options = (categories.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <OptionSelect
      options={withCurrent(options, current)}
      offline={isWaitingForNetwork(categories)}
      {...props}
    />
  );
}

/** The company's obras (the entry's cost centre); null is "Geral". */
export function ProjectPicker({ current, ...props }: PickerProps) {
  const projects = useProjects();
  const options = (projects.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <OptionSelect
      options={withCurrent(options, current)}
      offline={isWaitingForNetwork(projects)}
      {...props}
    />
  );
}

export function SupplierPicker({ current, ...props }: PickerProps) {
  const suppliers = useSuppliers();
  const options = (suppliers.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <OptionSelect
      options={withCurrent(options, current)}
      offline={isWaitingForNetwork(suppliers)}
      {...props}
    />
  );
}

export function ClientPicker({ current, ...props }: PickerProps) {
  const clients = useClients();
  const options = (clients.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <OptionSelect
      options={withCurrent(options, current)}
      offline={isWaitingForNetwork(clients)}
      {...props}
    />
  );
}
