import type { UserInfo } from '@atk/contract';
import { useSession } from './useSession.ts';

/**
 * A customer whose brand is pending (docs/api.md "A brand's state and scope": a self sign-up not confirmed yet, or a
 * brand an operator switched off): none of its players is public, whatever their own status says.
 */
export const isBrandPending = (user: UserInfo | undefined) =>
  user?.role === 'customer' && user.master_brand_state === 'pending';

export function useBrandPending(): boolean {
  return isBrandPending(useSession().user);
}
