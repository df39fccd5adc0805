// The auth forms' rules (docs/areas.md, spec §5); each validator checks its form and the call it
// sends. Plain checks (lib/validation-rules.ts) rather than zod schemas: the sign-in screen is the
// first one most visitors load, and its two fields do not need a schema library.
import {
  checkConfirmPassword,
  checkCurrentPassword,
  checkEmail,
  checkFullName,
  checkNewPassword,
  passwordsMismatch,
  validateFields,
  type Validated,
} from '@/lib/validation-rules';

export type SignInInput = {
  email: string;
  password: string;
};
export const validateSignIn = (input: Record<string, unknown>): Validated<SignInInput> =>
  validateFields<SignInInput>(input, { email: checkEmail, password: checkCurrentPassword });

export type SignUpInput = {
  full_name: string;
  email: string;
  password: string;
  confirmPassword: string;
};
export const validateSignUp = (input: Record<string, unknown>): Validated<SignUpInput> =>
  validateFields<SignUpInput>(
    input,
    {
      full_name: checkFullName,
      email: checkEmail,
      password: checkNewPassword,
      confirmPassword: checkConfirmPassword,
    },
    passwordsMismatch,
  );

export type RequestResetInput = {
  email: string;
};
export const validateRequestReset = (
  input: Record<string, unknown>,
): Validated<RequestResetInput> => validateFields<RequestResetInput>(input, { email: checkEmail });

/** The parsed values, or the first field message as the call's error (a form shows them first). */
export function parsed<T>(result: Validated<T>): T {
  if (result.ok) return result.values;
  throw new Error(Object.values(result.errors)[0] as string);
}
