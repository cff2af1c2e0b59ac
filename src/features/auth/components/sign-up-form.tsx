import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
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
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onValid)}
        noValidate
        className="grid gap-4"
        aria-label="Cadastrar"
      >
        <FormField
          control={form.control}
          name="fullName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Nome completo</FormLabel>
              <FormControl>
                <Input {...field} autoComplete="name" maxLength={200} required />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <EmailField control={form.control} name="email" />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Senha</FormLabel>
              <FormControl>
                <PasswordInput
                  {...field}
                  autoComplete="new-password"
                  placeholder="Mínimo 6 caracteres"
                  required
                  minLength={6}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Confirmar senha</FormLabel>
              <FormControl>
                <PasswordInput {...field} autoComplete="new-password" required />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? 'Cadastrando...' : 'Cadastrar'}
        </Button>
      </form>
    </Form>
  );
}
