/**
 * Fetches the console's full-width punctuation face ("ATK Fullwidth", styles.css) ahead of the prompt that needs it.
 * Left to its `unicode-range`, Chromium starts the fetch only when it first draws "？" and keeps the box it drew
 * meanwhile once the face arrives (docs/accessibility.md "Full-width punctuation").
 */
export function loadFullwidthFont(): void {
  if (typeof document === 'undefined' || !document.fonts) return;
  document.fonts.load('1em "ATK Fullwidth"', '？').catch(() => {
    // unreachable font: the prompt still reads, with the machine's own fallback for the one character
  });
}
