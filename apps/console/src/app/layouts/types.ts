import type { UserInfo } from '@atk/contract';
import type { AreaName } from '../../session/paths.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Further path prefixes that keep this entry highlighted (e.g. edit pages reached from it). */
  also?: string[];
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The sidebar while an operator works inside one brand (docs/api.md "A brand's state and scope"). */
export interface BrandScope {
  /** Route pattern with `:adminBrandId`, e.g. `/global/brands/:adminBrandId/*`. */
  pattern: string;
  back: { label: string; to: string };
  groups: (brandId: string) => NavGroup[];
}

/** Everything that differs between the four area shells. */
export interface AreaConfig {
  area: AreaName;
  /** Title shown in the header next to the logo (operator areas). */
  headerTitle?: string;
  /** Client: a SUPPORT tab to /client/guide; operators: a Support mail link. */
  headerSupport: 'tab' | 'mail';
  /** Sidebar title outside brand scope (client: the user's master brand name). */
  sidebarTitle?: (user: UserInfo | undefined) => string;
  groups: NavGroup[];
  brandScope?: BrandScope;
  /** The client shell has a footer with links and the copyright. */
  footer?: boolean;
}
