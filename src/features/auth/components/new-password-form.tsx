import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useUpdatePassword } from '@/features/auth/api/update-password';
import { PasswordInput } from '@/features/auth/components/password-input';
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
} from '@/features/auth/lib/validation';
import { getErrorMessage } from '@/lib/errors';

/** After a recovery link: the user, signed in by the link, chooses a new password. */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const update = useUpdatePassword();

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      password: password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : undefined,
      confirm: password !== confirm ? PASSWORD_MISMATCH : undefined,
    };
    setErrors(found);
    if (found.password || found.confirm) return;
    update.mutate(password, {
      onSuccess: () => {
        toast.success('Senha alterada!', { description: 'Sua nova senha já está valendo.' });
        onDone();
      },
      onError: (error) =>
        toast.error('Erro ao alterar senha', { description: getErrorMessage(error) }),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Nova senha">
      <FormField label="Nova senha" error={errors.password}>
        <PasswordInput
          autoComplete="new-password"
          placeholder="Mínimo 6 caracteres"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <FormField label="Confirmar nova senha" error={errors.confirm}>
        <PasswordInput
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {update.isPending ? 'Salvando...' : 'Salvar nova senha'}
      </Button>
    </form>
  );
}
