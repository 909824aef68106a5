import { INFO_PAGE_LABELS } from '@atk/contract/constants';
import { type InfoTexts, infoPagesOf } from './instance.ts';
import { TabStrip, useTabs } from './TabStrip.tsx';

/**
 * The player's help and about view: the info pages the platform's operators write (Home, Listening Tips, About
 * Us, FAQ; ATK PLAYER EDIT in the console), those with content, as tabs. The mobile widget shows its own
 * (`mobile_infos`: no Home) with it too.
 */
export function InfoPages({ id, infos }: { id: string; infos: InfoTexts }) {
  const pages = infoPagesOf(infos);
  const tabs = useTabs(pages);
  if (pages.length === 0) return null;
  const { active, tabId, panelId } = tabs;
  return (
    <section id={id} className="features infos" aria-label="About and help">
      <TabStrip keys={pages} label="About and help" name={(p) => INFO_PAGE_LABELS[p]} tabs={tabs} />
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className="tabpanel">
        {/* Sanitised by the server's one allow-list (h3, p, strong, em, u, br, safe links). */}
        <div className="guide" dangerouslySetInnerHTML={{ __html: infos[active] ?? '' }} />
      </div>
    </section>
  );
}
