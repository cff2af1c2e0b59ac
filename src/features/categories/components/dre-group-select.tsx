import { DRE_GROUP_LABELS, dreGroupsFor, type DreGroup } from '@/lib/dre-groups';
import { FixedSelect, type PickerTriggerProps } from '@/components/pickers/option-select';

/** "Grupo no DRE": the lines a category of this type may belong to. */
export function DreGroupSelect({
  type,
  value,
  onChange,
  ...trigger
}: PickerTriggerProps & {
  type: 'income' | 'expense';
  value: DreGroup;
  onChange: (value: DreGroup) => void;
}) {
  return (
    <FixedSelect
      value={value}
      onChange={onChange}
      options={dreGroupsFor(type).map((group) => ({
        value: group,
        label: DRE_GROUP_LABELS[group],
      }))}
      {...trigger}
    />
  );
}
