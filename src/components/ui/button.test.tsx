import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';

describe('Button', () => {
  it('does not submit a form unless it is a submit button', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button>Cancelar</Button>
        <Button type="submit">Salvar</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('ignores clicks while disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Continuar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continuar' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders its child with button styles when asChild', () => {
    render(
      <Button asChild variant="expense">
        <a href="/pagar">Pagar</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Pagar' });
    expect(link).toHaveAttribute('href', '/pagar');
    expect(link).not.toHaveAttribute('type');
    expect(link.className).toContain('bg-expense');
  });

  it('passes the ref to the DOM element', () => {
    let element: HTMLButtonElement | null = null;
    render(
      <Button
        ref={(el) => {
          element = el;
        }}
      >
        Ok
      </Button>,
    );
    expect(element).toBe(screen.getByRole('button', { name: 'Ok' }));
  });
});
