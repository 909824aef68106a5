import { ALL_BRANDS } from '@atk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type DayRange, statisticsApi, statisticsKeys } from './api.ts';

/**
 * The operators' brand filter (docs/api.md "Statistics": the brand filter): the brands most active in the range
 * first, and the choice, which opens on the most active brand (All brands when none had any activity) and then
 * stays, so a new range that reorders the list does not change the brand shown.
 */
export function useBrandChoice(range: DayRange, widgetType?: 'mobile') {
  const activity = useQuery({
    queryKey: statisticsKeys.brandActivity(range, widgetType),
    queryFn: () => statisticsApi.brandActivity(range, widgetType),
    placeholderData: keepPreviousData,
  });
  const [chosen, setChosen] = useState<string>();
  const list = activity.data?.list;
  const top = list?.[0];
  const opening = list && (top && top.launches + top.plays > 0 ? top._id : ALL_BRANDS);
  const brandId = chosen ?? opening;
  useEffect(() => {
    if (!chosen && opening) setChosen(opening);
  }, [chosen, opening]);
  return { brands: list ?? [], loading: activity.isFetching, brandId, choose: setChosen };
}
