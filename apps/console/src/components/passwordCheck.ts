import { isStrongPassword, MSG } from '@atk/contract';
import type { FormInstance } from 'antd';

/** What is wrong with a new password and its confirmation, each under its own field. */
export interface PasswordProblems {
  password?: string;
  password_confirm?: string;
}

/**
 * The new-password rules (`isStrongPassword` in the contract): the password is required and follows the rule; the
 * confirmation equals it. Both are checked at once, so a mismatch is not hidden behind a weak password.
 */
export function newPasswordProblems(password: string, confirm: string): PasswordProblems {
  const problems: PasswordProblems = {};
  if (!password) problems.password = MSG.passwordRequired;
  else if (!isStrongPassword(password)) problems.password = MSG.passwordRule;
  if (password !== confirm) problems.password_confirm = MSG.passwordMismatch;
  return problems;
}

/**
 * Shows each problem under its field of `form` (fields named `password` and `password_confirm`, or `confirmField`);
 * answers whether there was any, i.e. whether the form must not be sent.
 */
export function showPasswordProblems(form: FormInstance, problems: PasswordProblems): boolean {
  const fields = (['password', 'password_confirm'] as const)
    .filter((name) => problems[name])
    .map((name) => ({ name, errors: [problems[name] as string] }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
