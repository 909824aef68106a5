import { MSG } from '@atk/contract';
import { Alert } from 'antd';
import { useBrandPending } from '../../session/index.ts';

/**
 * Across the brand console while its brand waits for an operator (docs/api.md "A brand's state and scope"): what is
 * pending and what it blocks. The session's user info says so; it is read again on every load, so the banner is
 * gone after a reload once the brand is confirmed.
 */
export function PendingBrandBanner() {
  if (!useBrandPending()) return null;
  return (
    <Alert
      banner
      type="warning"
      showIcon
      role="status"
      className="pending-brand-banner"
      data-testid="pending-brand-banner"
      title={MSG.brandPendingTitle}
      description={MSG.brandPendingBanner}
    />
  );
}
