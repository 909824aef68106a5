import { isStrongPassword, MSG } from '@atk/contract';

/**
 * The new-password rules (`isStrongPassword` in the contract), in order: required, the strength rule, the confirmation.
 * Returns the warning to show, or null when the pair is valid.
 */
export function checkNewPassword(password: string, confirm: string): string | null {
  if (!password) return MSG.passwordRequired;
  if (!isStrongPassword(password)) return MSG.passwordRule;
  if (password !== confirm) return MSG.passwordMismatch;
  return null;
}
