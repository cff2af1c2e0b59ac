import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { DRE_GROUP_LABELS, dreGroupsFor, type DreGroup } from '@/lib/dre-groups';
import type { PickerTriggerProps } from '@/components/pickers/option-select';

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
  const groups = dreGroupsFor(type);
  return (
    <Select value={value} onValueChange={(next) => onChange(next as DreGroup)}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {groups.map((group) => (
          <SelectItem key={group} value={group}>
            {DRE_GROUP_LABELS[group]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
