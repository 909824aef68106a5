import { useEffect, useId, useRef, useState } from 'react';
import { INFO_ENTRY, type Panel, Sheet, type SheetProps } from './Sheet.tsx';

export type MenuProps = Pick<
  SheetProps,
  'data' | 'product' | 'selection' | 'hidden' | 'resolve' | 'strict' | 'forget' | 'bought'
>;

/**
 * The operator's menu and ABOUT & HELP (the info pages written, and the visitor's privacy), and the sheet of the entry
 * open, one at a time, under it: each sheet has a close button, Escape closes it, and the focus goes back to its entry.
 */
export function Menu(props: MenuProps) {
  const { data } = props;
  const [panel, setPanel] = useState<Panel | null>(null);
  const [copied, setCopied] = useState(false);
  const entries: Panel[] = [...data.menu, INFO_ENTRY];
  const sheetId = useId();
  const menuRef = useRef<HTMLElement>(null);
  const sheetRef = useRef<HTMLElement>(null);
  // An opened sheet comes into view (it opens below the menu, often under the fold of a phone's screen).
  useEffect(() => {
    sheetRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [panel]);
  /** Closing puts the focus back on the menu entry that opened the sheet. */
  const closePanel = () => {
    const opener = menuRef.current?.querySelector<HTMLElement>(`[aria-controls="${sheetId}"]`);
    setPanel(null);
    opener?.focus();
  };
  return (
    <>
      {entries.length > 0 && (
        <nav className="menu" aria-label="Menu" ref={menuRef}>
          {entries.map((entry) => (
            <button
              key={entry}
              type="button"
              aria-expanded={panel === entry}
              aria-controls={panel === entry ? sheetId : undefined}
              className={panel === entry ? 'on' : ''}
              onClick={() => {
                setCopied(false);
                setPanel(panel === entry ? null : entry);
              }}
            >
              {entry}
            </button>
          ))}
        </nav>
      )}
      {panel && (
        <section
          className="sheet"
          id={sheetId}
          ref={sheetRef}
          aria-label={panel}
          // Escape closes the sheet first (the loader's Escape, on the shadow root, closes the widget).
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            closePanel();
          }}
        >
          <div className="sheet-top">
            <h3>{panel}</h3>
            <button type="button" className="sheet-close" aria-label={`Close ${panel}`} onClick={closePanel}>
              ×
            </button>
          </div>
          <Sheet {...props} panel={panel} id={sheetId} copied={copied} setCopied={setCopied} />
        </section>
      )}
    </>
  );
}
