/**
 * The app chunk (`atk-player-app.js`): loaded by the `<atk-player>` loader on the first launch, it draws the
 * player (React-style components, bundled against Preact: build.mjs) into the element's shadow root.
 */
import { createRoot } from 'react-dom/client';
import { Player } from './Player.tsx';
import { APP_STYLES } from './styles.ts';
import type { AppHandle, AppOptions } from './types.ts';

let sheet: CSSStyleSheet | null = null;

function adoptStyles(root: ShadowRoot) {
  try {
    if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(APP_STYLES);
      }
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    // below
  }
  if (!root.querySelector('style[data-atk-app]')) {
    const style = document.createElement('style');
    style.setAttribute('data-atk-app', '');
    style.textContent = APP_STYLES;
    root.prepend(style);
  }
}

export function mount(host: HTMLElement, options: AppOptions): AppHandle {
  adoptStyles(options.root);
  const root = createRoot(host);
  let props = options;
  const render = () => root.render(<Player {...props} />);
  render();
  return {
    update(next) {
      props = { ...props, ...next };
      render();
    },
    unmount() {
      root.unmount();
    },
  };
}
