import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanySetupForm } from '@/features/auth/components/company-setup-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { REMEMBER_ME_KEY } from '@/lib/session-storage';
import { authUrl, rpcUrl, server } from '@/test/msw-server';
import { userStorageKey } from '@/lib/user-storage';

afterEach(() => {
  toast.dismiss();
});

function renderWithApp(element: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      {element}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** GoTrue's error shape when auth-js sends its API version header (DESIGN §3). */
function authError(status: number, code: string, message: string) {
  return HttpResponse.json(
    { code, message, msg: message },
    { status, headers: { 'x-supabase-api-version': '2024-01-01' } },
  );
}

const user = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'ana@example.com',
  aud: 'authenticated',
  role: 'authenticated',
  app_metadata: {},
  user_metadata: { full_name: 'Ana Souza' },
  created_at: '2026-11-01T12:00:00Z',
} satisfies User;

async function fillSignUp(values: {
  name?: string;
  email?: string;
  password: string;
  confirm: string;
}) {
  if (values.name) await userEvent.type(screen.getByLabelText('Nome completo'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  await userEvent.type(screen.getByLabelText('Senha'), values.password);
  await userEvent.type(screen.getByLabelText('Confirmar senha'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
}

describe('SignUpForm', { timeout: 20_000 }, () => {
  it('refuses a short password and a confirmation that does not match, without calling the API', async () => {
    // No handler: any request would fail the test (onUnhandledRequest: 'error').
    renderWithApp(<SignUpForm />);
    expect(screen.getByLabelText('Senha')).toHaveAttribute('placeholder', 'Mínimo 6 caracteres');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');

    await fillSignUp({
      name: 'Ana',
      email: 'ana@example.com',
      password: '12345',
      confirm: '54321',
    });
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(
      'A senha deve ter pelo menos 6 caracteres',
    );
    expect(screen.getByLabelText('Confirmar senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('requires the full name and a valid email', async () => {
    renderWithApp(<SignUpForm />);
    await fillSignUp({ email: 'sem-arroba', password: 'segredo', confirm: 'segredo' });
    expect(screen.getByText('Informe seu nome completo')).toBeInTheDocument();
    expect(screen.getByText('Informe um email válido')).toBeInTheDocument();
    expect(screen.queryByText('As senhas não coincidem')).not.toBeInTheDocument();
  });

  it('sends full_name as user metadata and shows the success toast', async () => {
    let body: unknown;
    server.use(
      http.post(authUrl('signup'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...user, identities: [] });
      }),
    );
    renderWithApp(<SignUpForm />);
    await fillSignUp({
      name: ' Ana Souza ',
      email: 'ana@example.com',
      password: 'segredo',
      confirm: 'segredo',
    });
    expect(await screen.findByText('Cadastro realizado!')).toBeInTheDocument();
    expect(screen.getByText('Verifique seu email para confirmar a conta')).toBeInTheDocument();
    expect(body).toMatchObject({
      email: 'ana@example.com',
      password: 'segredo',
      data: { full_name: 'Ana Souza' },
    });
  });

  it('sends the confirmation link back to the page the person came from (an invitation link)', async () => {
    let redirectTo: string | null = null;
    server.use(
      http.post(authUrl('signup'), ({ request }) => {
        redirectTo = new URL(request.url).searchParams.get('redirect_to');
        return HttpResponse.json({ ...user, identities: [] });
      }),
    );
    renderWithApp(<SignUpForm redirectPath="/convite/abc123" />);
    await fillSignUp({
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'segredo',
      confirm: 'segredo',
    });
    expect(await screen.findByText('Cadastro realizado!')).toBeInTheDocument();
    expect(redirectTo).toBe(`${window.location.origin}/convite/abc123`);
  });

  it('says a registered email is taken, shows "Cadastrando..." meanwhile and keeps what was typed', async () => {
    server.use(
      http.post(authUrl('signup'), async () => {
        await delay(100);
        return authError(422, 'user_already_exists', 'User already registered');
      }),
    );
    renderWithApp(<SignUpForm />);
    await fillSignUp({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'segredo',
      confirm: 'segredo',
    });
    expect(screen.getByRole('button', { name: 'Cadastrando...' })).toBeDisabled();
    expect(await screen.findByText('Este email já está cadastrado')).toBeInTheDocument();
    expect(screen.queryByText('User already registered')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Ana');
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeEnabled();
  });

  it('shows "Erro ao cadastrar" with a Portuguese text for other errors', async () => {
    server.use(
      http.post(authUrl('signup'), () =>
        authError(422, 'weak_password', 'Password should be at least 6 characters.'),
      ),
    );
    renderWithApp(<SignUpForm />);
    await fillSignUp({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'segredo',
      confirm: 'segredo',
    });
    expect(await screen.findByText('Erro ao cadastrar')).toBeInTheDocument();
    expect(screen.getAllByText('A senha deve ter pelo menos 6 caracteres').length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText(/Password should be/)).not.toBeInTheDocument();
  });
});

describe('SignInForm', { timeout: 20_000 }, () => {
  async function fillSignIn(email: string, password: string) {
    if (email) await userEvent.type(screen.getByLabelText('Email'), email);
    if (password) await userEvent.type(screen.getByLabelText('Senha'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  }

  it('requires email and password before calling the API', async () => {
    renderWithApp(<SignInForm />);
    await fillSignIn('', '');
    expect(screen.getByText('Informe seu email')).toBeInTheDocument();
    expect(screen.getByText('Informe sua senha')).toBeInTheDocument();
  });

  it('shows "Email ou senha incorretos" for wrong credentials, "Entrando..." meanwhile, and keeps the input', async () => {
    server.use(
      http.post(authUrl('token'), async () => {
        await delay(100);
        return authError(400, 'invalid_credentials', 'Invalid login credentials');
      }),
    );
    renderWithApp(<SignInForm />);
    await fillSignIn('ana@example.com', 'errada');
    expect(screen.getByRole('button', { name: 'Entrando...' })).toBeDisabled();
    expect(await screen.findByText('Email ou senha incorretos')).toBeInTheDocument();
    expect(screen.getByText('Erro ao entrar')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('errada');
  });

  it('shows "Erro ao fazer login" for any other failure', async () => {
    server.use(http.post(authUrl('token'), () => authError(500, 'unexpected_failure', 'boom')));
    renderWithApp(<SignInForm />);
    await fillSignIn('ana@example.com', 'segredo');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('shows "Erro ao fazer login" when the network is down', async () => {
    server.use(http.post(authUrl('token'), () => HttpResponse.error()));
    renderWithApp(<SignInForm />);
    await fillSignIn('ana@example.com', 'segredo');
    expect(await screen.findByText('Erro ao fazer login')).toBeInTheDocument();
  });

  it('/login: shows and hides the password, and remembers "Lembrar de mim" for the next session', async () => {
    server.use(
      http.post(authUrl('token'), () =>
        authError(400, 'invalid_credentials', 'Invalid login credentials'),
      ),
    );
    renderWithApp(<SignInForm withAccountOptions />);
    const password = screen.getByLabelText('Senha');
    await userEvent.type(password, 'segredo');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Lembrar de mim' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByText('Email ou senha incorretos');
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBe('false');
  });

  it('"Esqueci minha senha" asks for the email first, then sends the recovery request', async () => {
    let body: unknown;
    server.use(
      http.post(authUrl('recover'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({});
      }),
    );
    renderWithApp(<SignInForm withAccountOptions />);
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(screen.getByText('Informe seu email para recuperar a senha')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    expect(await screen.findByText('Email de recuperação enviado')).toBeInTheDocument();
    expect(body).toMatchObject({ email: 'ana@example.com' });
  });
});

describe('CompanySetupForm', { timeout: 20_000 }, () => {
  it('requires the company name, then calls create_company with the spec fields', async () => {
    let body: unknown;
    server.use(
      http.post(rpcUrl('create_company'), async ({ request }) => {
        body = await request.json();
        await delay(100);
        return HttpResponse.json({ id: '11111111-1111-4111-8111-111111111111', name: 'Horizonte' });
      }),
    );
    renderWithApp(<CompanySetupForm user={user} />);
    expect(screen.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Ana Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Criar empresa' }));
    expect(screen.getByText('Informe o nome da empresa')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'Horizonte');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Campinas');
    await userEvent.type(screen.getByLabelText('CEP'), '13000000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'UF' }), 'SP');
    // Left, the fields show their masks; the database gets the bare characters.
    await userEvent.type(screen.getByLabelText('CNPJ/CPF'), '11222333000181');
    await userEvent.tab();
    expect(screen.getByLabelText('CNPJ/CPF')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('CEP')).toHaveValue('13000-000');
    await userEvent.click(screen.getByRole('button', { name: 'Criar empresa' }));
    expect(screen.getByRole('button', { name: 'Criando empresa...' })).toBeDisabled();
    expect(await screen.findByText('Empresa criada!')).toBeInTheDocument();
    expect(screen.getByText('Sua empresa foi criada com sucesso')).toBeInTheDocument();
    expect(body).toEqual({
      p_name: 'Horizonte',
      p_full_name: 'Ana Souza',
      p_document: '11222333000181',
      p_email: '',
      p_phone: '',
      p_address: '',
      p_city: 'Campinas',
      p_state: 'SP',
      p_zip_code: '13000000',
    });
    expect(localStorage.getItem(userStorageKey(user.id, 'current-company'))).toBe(
      '11111111-1111-4111-8111-111111111111',
    );
  });

  it('refuses a CNPJ/CPF whose check digits are wrong and a CEP without 8 digits, sending nothing', async () => {
    let called = false;
    server.use(
      http.post(rpcUrl('create_company'), () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    renderWithApp(<CompanySetupForm user={user} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'Horizonte');
    await userEvent.type(screen.getByLabelText('CNPJ/CPF'), '11.222.333/0001-82');
    await userEvent.type(screen.getByLabelText('CEP'), '1300-000');
    await userEvent.click(screen.getByRole('button', { name: 'Criar empresa' }));
    expect(await screen.findByText('CNPJ/CPF inválido.')).toBeInTheDocument();
    expect(screen.getByText('CEP inválido.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('shows "Erro ao criar empresa: ..." and keeps the form when the database refuses', async () => {
    server.use(
      http.post(rpcUrl('create_company'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'not_authenticated', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<CompanySetupForm user={user} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'Horizonte');
    await userEvent.click(screen.getByRole('button', { name: 'Criar empresa' }));
    expect(
      await screen.findByText('Erro ao criar empresa: Sua sessão expirou. Faça login novamente.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Criar empresa' })).toBeEnabled(),
    );
    expect(screen.getByRole('textbox', { name: 'Nome da empresa' })).toHaveValue('Horizonte');
  });

  it("stops at the database's limits and says which field the database found too long", async () => {
    server.use(
      http.post(rpcUrl('create_company'), () =>
        HttpResponse.json(
          { code: 'P0001', message: 'text_too_long', details: 'city', hint: '120' },
          { status: 400 },
        ),
      ),
    );
    renderWithApp(<CompanySetupForm user={user} />);
    const limits: [string, number][] = [
      ['Nome completo', 200],
      ['Nome da empresa', 200],
      ['CNPJ/CPF', 30],
      ['Email da empresa', 320],
      ['Telefone', 40],
      ['Endereço', 300],
      ['Cidade', 120],
      ['CEP', 20],
    ];
    for (const [label, max] of limits) {
      expect(screen.getByRole('textbox', { name: label })).toHaveAttribute(
        'maxLength',
        String(max),
      );
    }
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome da empresa' }), 'Horizonte');
    await userEvent.click(screen.getByRole('button', { name: 'Criar empresa' }));
    expect(
      await screen.findByText(
        'Erro ao criar empresa: O campo Cidade aceita no máximo 120 caracteres.',
      ),
    ).toBeInTheDocument();
  });
});
