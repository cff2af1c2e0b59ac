import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { AuthForm } from '@/features/auth/components/auth-form';
import { FieldItem } from '@/components/form-fields';
import { Input } from '@/components/ui/input';
import { signUpInput, useSignUp, type SignUpValues } from '@/features/auth/api/sign-up';
import { EmailField } from '@/features/auth/components/email-field';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useClearErrorOnEdit } from '@/features/auth/lib/clear-error-on-edit';
import { errorKey } from '@/lib/errors';

interface SignUpFormProps {
  /** Called when the account exists but the e-mail must be confirmed before signing in. */
  onNeedsConfirmation?: () => void;
  /** The page to return to after confirming the e-mail (see signUp's redirectPath). */
  redirectPath?: string;
}

export function SignUpForm({ onNeedsConfirmation, redirectPath }: SignUpFormProps) {
  const form = useForm({
    resolver: zodResolver(signUpInput),
    reValidateMode: 'onSubmit',
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
    } satisfies SignUpValues,
  });
  useClearErrorOnEdit(form);
  const signUp = useSignUp(redirectPath);

  async function onValid({ fullName, email, password }: SignUpValues) {
    let data;
    try {
      data = await signUp.mutateAsync({ fullName, email, password });
    } catch (error) {
      if (errorKey(error) === 'user_already_exists') {
        toastError('Erro', error);
      } else {
        toastError('Erro ao cadastrar', error);
      }
      return;
    }
    toast.success('Cadastro realizado!', {
      description: 'Verifique seu email para confirmar a conta',
    });
    // With a session the AuthProvider takes over (on to company setup); without one the
    // user confirms the e-mail first and then signs in.
    if (!data.session) onNeedsConfirmation?.();
  }

  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      label="Cadastrar"
      submitLabel="Cadastrar"
      busyLabel="Cadastrando..."
      busy={signUp.isPending}
    >
      <FieldItem control={form.control} name="fullName" label="Nome completo">
        {(field) => <Input {...field} autoComplete="name" maxLength={200} required />}
      </FieldItem>
      <EmailField />
      <FieldItem control={form.control} name="password" label="Senha">
        {(field) => (
          <PasswordInput
            {...field}
            autoComplete="new-password"
            placeholder="Mínimo 6 caracteres"
            required
            minLength={6}
          />
        )}
      </FieldItem>
      <FieldItem control={form.control} name="confirmPassword" label="Confirmar senha">
        {(field) => <PasswordInput {...field} autoComplete="new-password" required />}
      </FieldItem>
    </AuthForm>
  );
}
