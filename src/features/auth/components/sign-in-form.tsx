import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AuthForm } from '@/features/auth/components/auth-form';
import { FieldItem } from '@/components/form-fields';
import { Label } from '@/components/ui/label';
import {
  passwordResetEmail,
  useRequestPasswordReset,
} from '@/features/auth/api/request-password-reset';
import { signInInput, useSignIn, type SignInValues } from '@/features/auth/api/sign-in';
import { EmailField } from '@/features/auth/components/email-field';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useClearErrorOnEdit } from '@/features/auth/lib/clear-error-on-edit';
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
  const form = useForm({
    resolver: zodResolver(signInInput),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' } satisfies SignInValues,
  });
  useClearErrorOnEdit(form);
  const [remember, setRemember] = useState(getRememberMe);
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();

  async function onValid(values: { email: string; password: string }) {
    try {
      // The AuthProvider picks the new session up; the page then redirects.
      await signIn.mutateAsync({ ...values, remember: withAccountOptions ? remember : true });
    } catch (error) {
      toast.error('Erro ao entrar', { description: signInErrorText(error) });
    }
  }

  async function onForgotPassword() {
    const parsed = passwordResetEmail.safeParse(form.getValues('email'));
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    const email = parsed.data;
    try {
      await reset.mutateAsync(email);
    } catch (error) {
      toastError('Erro ao enviar email de recuperação', error);
      return;
    }
    toast.success('Email de recuperação enviado', {
      description: `Se ${email} estiver cadastrado, você receberá um link para criar uma nova senha.`,
    });
  }

  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      label="Entrar"
      submitLabel="Entrar"
      busyLabel="Entrando..."
      busy={signIn.isPending}
    >
      <EmailField />
      <FieldItem control={form.control} name="password" label="Senha">
        {(field) => <PasswordInput {...field} autoComplete="current-password" required />}
      </FieldItem>
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
            onClick={() => void onForgotPassword()}
          >
            {reset.isPending ? 'Enviando...' : 'Esqueci minha senha'}
          </Button>
        </div>
      ) : null}
    </AuthForm>
  );
}
