import { theme } from 'antd';
import { useMemo } from 'react';
import type { ChartColors } from './DailyChart.tsx';

/** The charts' colours from the console's theme (App.tsx): the primary colour, text and borders. */
export function useChartColors(): ChartColors {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      primary: token.colorPrimary,
      secondary: token.colorTextSecondary,
      grid: token.colorBorderSecondary,
      text: token.colorTextSecondary,
    }),
    [token],
  );
}
