import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { router } from './router.tsx';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#e8542c',
    colorLink: '#d9481f',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerHeight: 110, headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 32px' },
  },
};

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
