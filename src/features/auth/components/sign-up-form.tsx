import type { SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSignUp } from '@/features/auth/api/sign-up';
import { EmailField } from '@/features/auth/components/email-field';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useFormValues } from '@/features/auth/lib/use-form-values';
import { hasErrors, validateSignUp, type SignUpValues } from '@/features/auth/lib/validation';
import { errorKey, getErrorMessage } from '@/lib/errors';

interface SignUpFormProps {
  /** Called when the account exists but the e-mail must be confirmed before signing in. */
  onNeedsConfirmation?: () => void;
  /** The page to return to after confirming the e-mail (see signUp's redirectPath). */
  redirectPath?: string;
}

const empty: SignUpValues = { fullName: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({ onNeedsConfirmation, redirectPath }: SignUpFormProps) {
  const { values, errors, setErrors, update } = useFormValues<SignUpValues>(empty);
  const signUp = useSignUp(redirectPath);

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (hasErrors(found)) return;
    signUp.mutate(values, {
      onSuccess: (data) => {
        toast.success('Cadastro realizado!', {
          description: 'Verifique seu email para confirmar a conta',
        });
        // With a session the AuthProvider takes over (on to company setup); without one the
        // user confirms the e-mail first and then signs in.
        if (!data.session) onNeedsConfirmation?.();
      },
      onError: (error) => {
        if (errorKey(error) === 'user_already_exists') {
          toast.error('Erro', { description: getErrorMessage(error) });
        } else {
          toast.error('Erro ao cadastrar', { description: getErrorMessage(error) });
        }
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Cadastrar">
      <FormField label="Nome completo" error={errors.fullName}>
        <Input
          autoComplete="name"
          required
          value={values.fullName}
          onChange={(e) => update('fullName', e.target.value)}
        />
      </FormField>
      <EmailField
        value={values.email}
        error={errors.email}
        onChange={(value) => update('email', value)}
      />
      <FormField label="Senha" error={errors.password}>
        <PasswordInput
          autoComplete="new-password"
          placeholder="Mínimo 6 caracteres"
          required
          minLength={6}
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
        />
      </FormField>
      <FormField label="Confirmar senha" error={errors.confirmPassword}>
        <PasswordInput
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(e) => update('confirmPassword', e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        {signUp.isPending ? 'Cadastrando...' : 'Cadastrar'}
      </Button>
    </form>
  );
}
