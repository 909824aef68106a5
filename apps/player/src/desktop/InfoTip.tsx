import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * A toggletip: an info button beside a control that shows the server's tooltip text (docs/api.md "The player's
 * public API") when pressed, and hides it when pressed again, on Escape or when the focus leaves. Nothing when
 * there is no text.
 */
export function InfoTip({ text, topic }: { text: string | undefined; topic: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  // The bubble opens below the button, towards the right; near the right edge of the player (whose body scrolls
  // and would cut it off) or of the screen it moves left, and it is never wider than the room there is.
  useLayoutEffect(() => {
    const b = bubble.current;
    if (!b) return;
    const box = b.closest('.body')?.getBoundingClientRect();
    const left = Math.max(0, box?.left ?? 0) + 8;
    const right = Math.min(innerWidth, box?.right ?? innerWidth) - 8;
    b.style.maxWidth = `${Math.min(240, right - left)}px`;
    const r = b.getBoundingClientRect();
    const shift = r.right > right ? right - r.right : r.left < left ? left - r.left : 0;
    b.style.left = `${b.offsetLeft + shift}px`;
  }, [open]);
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
        <span role="tooltip" id={id} className="bubble" ref={bubble}>
          {text}
        </span>
      )}
    </span>
  );
}
