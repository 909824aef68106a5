import { ALL_BRANDS } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type DayRange, statisticsApi, statisticsKeys } from './api.ts';

/**
 * The operators' brand filter (docs/api.md "Statistics": the brand filter): All brands, then the brands most active
 * in the range. It opens on All brands, the platform's picture, and the choice then stays, so a new range that
 * reorders the list does not change the brand shown.
 */
export function useBrandChoice(range: DayRange, widgetType?: 'mobile') {
  const activity = useQuery({
    queryKey: statisticsKeys.brandActivity(range, widgetType),
    queryFn: () => statisticsApi.brandActivity(range, widgetType),
    placeholderData: keepPreviousData,
  });
  const [brandId, choose] = useState<string>(ALL_BRANDS);
  return { brands: activity.data?.list ?? [], loading: activity.isFetching, brandId, choose };
}
