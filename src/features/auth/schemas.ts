// The auth forms' rules (docs/areas.md, spec §5); each schema validates its form and the call it sends.
import * as z from 'zod/mini';
import {
  confirmPasswordField,
  currentPasswordField,
  emailField,
  fullNameField,
  newPasswordField,
  passwordsMatch,
} from '@/lib/validation';

export const signInSchema = z.object({ email: emailField, password: currentPasswordField });
export type SignInInput = z.output<typeof signInSchema>;

export const signUpSchema = z
  .object({
    full_name: fullNameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .check(passwordsMatch());
export type SignUpInput = z.output<typeof signUpSchema>;

export const requestResetSchema = z.object({ email: emailField });
export type RequestResetInput = z.output<typeof requestResetSchema>;
