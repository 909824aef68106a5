import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { router } from './router.tsx';

/**
 * The brand's orange in shades that meet WCAG 2.2 AA (docs/accessibility.md): white text on a primary button and
 * primary text on white, on the page grey (#f5f6f8) and on the selected menu item's tint all reach 4.5:1. Hover and
 * press go darker, not lighter, so they keep it too; grey secondary text is dark enough to read (#666 on white).
 */
const BRAND = { primary: '#c4401c', hover: '#a83516', active: '#8f2d12' };

/** Tag text shades that read at 4.5:1 or more on the tag's tint (antd's green-8, blue-7, orange-8, gold-9). */
const TAG_TEXT = { green: '#237804', blue: '#0958d9', orange: '#ad4e00', gold: '#874d00' };

const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorPrimaryHover: BRAND.hover,
    colorPrimaryActive: BRAND.active,
    colorLink: BRAND.primary,
    colorLinkHover: BRAND.hover,
    colorLinkActive: BRAND.active,
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // red text (danger buttons, a field's error message under it) a shade darker than antd's #ff4d4f (3.9:1):
    // #cf1322 reads at 5.6:1 on white and 5.1:1 on the error tint below; its tint (an error alert) stays antd's own
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    // hovered and pressed, a shade darker still (antd's red-8 and red-9) rather than antd's lighter tint of the red:
    // a danger link (a row's Erase or Delete) hovered over a hovered table row keeps 4.5:1
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorErrorBg: '#fff2f0',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'ATK Fullwidth', sans-serif",
  },
  components: {
    Layout: { headerHeight: 110, headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 32px' },
    // an off switch's track (antd's pale grey) holds its white text (Pending) at 4.6:1 and shows against white
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.54)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    // a tag's text on its own tint: antd's status colours (success 2.2:1, processing 3.7:1, warning 1.8:1) and its
    // 7th shades of green, orange and gold (3.4, 3.3, 2.8:1) fail 4.5:1, so tags take a darker shade of the same hue
    // (5.1–5.5:1); other tags (red, blue, purple) already pass
    Tag: {
      colorSuccess: TAG_TEXT.green,
      colorInfo: TAG_TEXT.blue,
      colorWarning: TAG_TEXT.orange,
      green7: TAG_TEXT.green,
      orange7: TAG_TEXT.orange,
      gold7: TAG_TEXT.gold,
    },
  },
};

/**
 * Reduced motion is honoured by styles.css (animations take 0.01 ms; popups keep their short slide), not by antd's
 * `motion: false`: a popup (the user menu, a select's list) is placed when its motion ends, and with none it opened
 * 7,200 px off the screen (docs/accessibility.md "Reduced motion").
 */
export function App() {
  return (
    <ConfigProvider theme={theme} locale={enUS}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
