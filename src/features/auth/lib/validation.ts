// The form rules of SPEC §5 (sign-in, sign-up, company), as messages per field.

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_MISMATCH = 'As senhas não coincidem';
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Informe seu email';
  if (!EMAIL_PATTERN.test(value)) return 'Informe um email válido';
  return undefined;
}

export interface SignInValues {
  email: string;
  password: string;
}

export function validateSignIn(values: SignInValues): FieldErrors<keyof SignInValues> {
  const errors: FieldErrors<keyof SignInValues> = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'Informe sua senha';
  return errors;
}

export interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  if (!values.fullName.trim()) errors.fullName = 'Informe seu nome completo';
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  if (values.password !== values.confirmPassword) errors.confirmPassword = PASSWORD_MISMATCH;
  return errors;
}

export interface CompanyValues {
  fullName: string;
  name: string;
  document: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

export function validateCompany(values: CompanyValues): FieldErrors<keyof CompanyValues> {
  const errors: FieldErrors<keyof CompanyValues> = {};
  if (!values.fullName.trim()) errors.fullName = 'Informe seu nome completo';
  if (!values.name.trim()) errors.name = 'Informe o nome da empresa';
  if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim()))
    errors.email = 'Informe um email válido';
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
