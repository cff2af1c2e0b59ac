import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { useSignIn } from '@/features/auth/api/sign-in';
import { EmailField } from '@/features/auth/components/email-field';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useFormValues } from '@/features/auth/lib/use-form-values';
import {
  emailError,
  hasErrors,
  validateSignIn,
  type SignInValues,
} from '@/features/auth/lib/validation';
import { getErrorMessage, isNetworkError } from '@/lib/errors';
import { getRememberMe } from '@/lib/supabase';

interface SignInFormProps {
  /** The /login screen's extras: "Lembrar de mim" and "Esqueci minha senha". */
  withAccountOptions?: boolean;
}

/**
 * SPEC §8: "Erro ao entrar" — wrong credentials (and other known auth errors) have their own
 * text, anything else "Erro ao fazer login".
 */
function signInErrorText(error: unknown): string {
  return isNetworkError(error) ? SIGN_IN_FAILED : getErrorMessage(error, SIGN_IN_FAILED);
}

const SIGN_IN_FAILED = 'Erro ao fazer login';

export function SignInForm({ withAccountOptions = false }: SignInFormProps) {
  const { values, errors, setErrors, update } = useFormValues<SignInValues>({
    email: '',
    password: '',
  });
  const [remember, setRemember] = useState(getRememberMe);
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    if (hasErrors(found)) return;
    signIn.mutate(
      { ...values, remember: withAccountOptions ? remember : true },
      {
        onError: (error) => toast.error('Erro ao entrar', { description: signInErrorText(error) }),
      },
    );
  }

  function onForgotPassword() {
    const problem = emailError(values.email);
    if (problem) {
      setErrors((e) => ({ ...e, email: `${problem} para recuperar a senha` }));
      return;
    }
    reset.mutate(values.email, {
      onSuccess: () =>
        toast.success('Email de recuperação enviado', {
          description: `Se ${values.email.trim()} estiver cadastrado, você receberá um link para criar uma nova senha.`,
        }),
      onError: (error) =>
        toast.error('Erro ao enviar email de recuperação', {
          description: getErrorMessage(error),
        }),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Entrar">
      <EmailField
        value={values.email}
        error={errors.email}
        onChange={(value) => update('email', value)}
      />
      <FormField label="Senha" error={errors.password}>
        <PasswordInput
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
        />
      </FormField>
      {withAccountOptions ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-h-touch items-center gap-3">
            <Checkbox
              id="remember-me"
              checked={remember}
              onCheckedChange={(checked) => setRemember(checked === true)}
            />
            <Label htmlFor="remember-me" className="cursor-pointer">
              Lembrar de mim
            </Label>
          </div>
          <Button
            variant="link"
            className="px-0"
            disabled={reset.isPending}
            onClick={onForgotPassword}
          >
            {reset.isPending ? 'Enviando...' : 'Esqueci minha senha'}
          </Button>
        </div>
      ) : null}
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  );
}
