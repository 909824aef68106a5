/**
 * `react-dom/client`'s `createRoot` on Preact's own `render` (esbuild aliases it for the app chunks): the
 * components use hooks and plain DOM events only, so preact/compat's React emulation is not bundled.
 */
import { type ComponentChild, render } from 'preact';

export function createRoot(host: Element) {
  return {
    render: (vnode: ComponentChild) => render(vnode, host),
    unmount: () => render(null, host),
  };
}
