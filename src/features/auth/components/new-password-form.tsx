import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { AuthForm } from '@/features/auth/components/auth-form';
import { FieldItem } from '@/components/form-fields';
import {
  updatePasswordInput,
  useUpdatePassword,
  type UpdatePasswordValues,
} from '@/features/auth/api/update-password';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useClearErrorOnEdit } from '@/features/auth/lib/clear-error-on-edit';

/** After a recovery link: the user, signed in by the link, chooses a new password. */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(updatePasswordInput),
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', confirmPassword: '' } satisfies UpdatePasswordValues,
  });
  useClearErrorOnEdit(form);
  const update = useUpdatePassword();

  async function onValid({ password }: UpdatePasswordValues) {
    try {
      await update.mutateAsync(password);
    } catch (error) {
      toastError('Erro ao alterar senha', error);
      return;
    }
    toast.success('Senha alterada!', { description: 'Sua nova senha já está valendo.' });
    onDone();
  }

  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      label="Nova senha"
      submitLabel="Salvar nova senha"
      busyLabel="Salvando..."
      busy={update.isPending}
    >
      <FieldItem control={form.control} name="password" label="Nova senha">
        {(field) => (
          <PasswordInput {...field} autoComplete="new-password" placeholder="Mínimo 6 caracteres" />
        )}
      </FieldItem>
      <FieldItem control={form.control} name="confirmPassword" label="Confirmar nova senha">
        {(field) => <PasswordInput {...field} autoComplete="new-password" />}
      </FieldItem>
    </AuthForm>
  );
}
