import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ColorField, DateField, SelectField } from '@/components/choice-fields';
import { FieldItem, MoneyField, TextareaField, TextField } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import { maskDocumentTyping } from '@/lib/br-documents';

interface Values {
  name: string;
  notes: string;
  cents: number | null;
  due: string | null;
  kind: string;
  color: string;
  nested: { label: string };
}

const defaults: Values = {
  name: 'Areia',
  notes: '',
  cents: null,
  due: null,
  kind: 'a',
  color: 'blue',
  nested: { label: 'x' },
};

/**
 * The `name` of a field given the form's `control` is a path of the form's values: a misspelt one
 * is a type error. `npm run typecheck` fails on an unused `@ts-expect-error`, so these lines fail
 * the build the day a field accepts any string again.
 */
export function MisspeltFields() {
  const form = useForm<Values>({ defaultValues: defaults });
  const control = form.control;
  return (
    <Form {...form}>
      {/* @ts-expect-error "nome" is not a field of the form */}
      <TextField control={control} name="nome" label="Nome" />
      {/* @ts-expect-error "note" is not a field of the form */}
      <TextareaField control={control} name="note" label="Notas" />
      {/* @ts-expect-error "cent" is not a field of the form */}
      <MoneyField control={control} name="cent" label="Valor" />
      {/* @ts-expect-error "date" is not a field of the form */}
      <DateField control={control} name="date" label="Data" />
      {/* @ts-expect-error "type" is not a field of the form */}
      <SelectField control={control} name="type" label="Tipo" options={[]} />
      {/* @ts-expect-error "colour" is not a field of the form */}
      <ColorField control={control} name="colour" />
      {/* @ts-expect-error "nested.name" is not a field of the form */}
      <FieldItem control={control} name="nested.name" label="Rótulo">
        {(field) => <input {...field} />}
      </FieldItem>
      <FieldItem control={control} name="nested.label" label="Rótulo">
        {(field) => <input {...field} />}
      </FieldItem>
    </Form>
  );
}

/**
 * A field without the form's `control` would take any string as `name` (the context's form is
 * untyped), so `control` is required: leaving it out is a type error.
 */
export function FieldsWithoutControl() {
  const form = useForm<Values>({ defaultValues: defaults });
  return (
    <Form {...form}>
      {/* @ts-expect-error a field needs the form's control */}
      <TextField name="name" label="Nome" />
      {/* @ts-expect-error a field needs the form's control */}
      <MoneyField name="cents" label="Valor" />
      {/* @ts-expect-error a field needs the form's control */}
      <DateField name="due" label="Data" />
      {/* @ts-expect-error a field needs the form's control */}
      <ColorField name="color" />
      {/* @ts-expect-error a field needs the form's control */}
      <FieldItem name="name" label="Nome">
        {(field) => <input {...field} />}
      </FieldItem>
    </Form>
  );
}

function NameForm() {
  const form = useForm<Values>({ defaultValues: defaults });
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <Form {...form}>
      <TextField control={form.control} name="name" label="Nome" required />
      <output>{name}</output>
    </Form>
  );
}

describe('TextField with the form control', () => {
  it('reads and writes the named value of that form', async () => {
    render(<NameForm />);
    const input = screen.getByLabelText(/Nome/);
    expect(input).toHaveValue('Areia');
    await userEvent.clear(input);
    await userEvent.type(input, 'Brita');
    expect(screen.getByRole('status')).toHaveTextContent('Brita');
  });
});

function DocumentForm() {
  const form = useForm<Values>({ defaultValues: { ...defaults, name: '' } });
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <Form {...form}>
      <TextField control={form.control} name="name" label="CPF" mask={maskDocumentTyping} />
      <output>{name}</output>
    </Form>
  );
}

describe('TextField with a mask', () => {
  it('holds the masked text, the caret staying where the person types', async () => {
    render(<DocumentForm />);
    const input = screen.getByLabelText<HTMLInputElement>('CPF');
    await userEvent.type(input, '52998224');
    expect(input).toHaveValue('529.982.24');
    expect(screen.getByRole('status')).toHaveTextContent('529.982.24');

    // A digit forgotten after "529": it goes there, and so does the caret (not to the end).
    await userEvent.type(input, '1', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input).toHaveValue('529.198.224');
    expect(input.selectionStart).toBe(5);
    await userEvent.type(input, '0', { skipClick: true });
    expect(input).toHaveValue('529.109.822-4');
  });
});
