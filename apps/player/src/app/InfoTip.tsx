import { useEffect, useId, useRef, useState } from 'react';

/**
 * A toggletip: an info button beside a control that shows the server's tooltip text (spec 2 Tooltips) when
 * pressed, and hides it when pressed again, on Escape or when the focus leaves. Nothing when there is no text.
 */
export function InfoTip({ text, topic }: { text: string | undefined; topic: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const root = ref.current?.getRootNode() as Document | ShadowRoot | undefined;
    const away = (e: Event) => {
      if (ref.current && !e.composedPath().includes(ref.current)) setOpen(false);
    };
    root?.addEventListener('pointerdown', away);
    return () => root?.removeEventListener('pointerdown', away);
  }, [open]);
  if (!text) return null;
  return (
    <span className="tip" ref={ref}>
      <button
        type="button"
        className="info"
        aria-label={`About ${topic}`}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        i
      </button>
      {open && (
        <span role="tooltip" id={id} className="bubble">
          {text}
        </span>
      )}
    </span>
  );
}
