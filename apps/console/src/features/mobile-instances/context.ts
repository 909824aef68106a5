import { type MobileInstance, type MobileInstanceUpdate, MSG } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../api/client.ts';
import { useSave } from '../../api/useSave.ts';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { mobileInstanceKeys, mobileInstancesApi } from './api.ts';

/** What every tab of the mobile instance edit page receives. */
export interface MobileTabProps {
  instance: MobileInstance;
  binding: TabBinding;
}

/**
 * Saves one part of a mobile instance (PUT /atk/mobile/instances/{id}) on `useSave`: 'Update success', the record
 * re-read before the tab is told (so it is clean by then), the list reloaded; a refusal shows the server's msg.
 * `save` resolves true when saved; a refusal naming fields rejects (the tab shows them).
 */
export function useSaveMobileInstance(instanceId: string) {
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useSave<MobileInstanceUpdate>({
    save: async (update) => {
      await mobileInstancesApi.update(instanceId, update);
      await queryClient.invalidateQueries({ queryKey: mobileInstanceKeys.one(instanceId) });
    },
    success: MSG.updateSuccess,
    invalidate: [mobileInstanceKeys.lists()],
    scope: `mobile-instance:${instanceId}`,
  });
  const save = useCallback(
    (update: MobileInstanceUpdate): Promise<boolean> =>
      mutateAsync(update).then(
        () => true,
        // a refusal naming fields is handed to the tab, which shows them on its form and marks itself
        (e: unknown) => {
          if (isApiError(e) && e.refused) throw e;
          return false;
        },
      ),
    [mutateAsync],
  );
  return { save, saving: isPending };
}
