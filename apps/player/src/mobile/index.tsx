/** The mobile widget's app chunk (`atk-mobile-app.js`), imported by the `<atk-mobile-player>` loader on launch. */
import { createRoot } from 'react-dom/client';
import { MobilePlayer } from './MobilePlayer.tsx';
import { MOBILE_STYLES } from './styles.ts';
import type { MobileHandle, MobileOptions } from './types.ts';

export function mount(host: HTMLElement, options: MobileOptions): MobileHandle {
  if (!options.root.querySelector('style[data-atk-mobile]')) {
    const style = document.createElement('style');
    style.setAttribute('data-atk-mobile', '');
    style.textContent = MOBILE_STYLES;
    options.root.append(style);
  }
  const root = createRoot(host);
  let props = options;
  const render = () => root.render(<MobilePlayer {...props} />);
  render();
  return {
    update(next) {
      props = { ...props, ...next };
      render();
    },
    unmount: () => root.unmount(),
  };
}
