import { type GatedFeature, type Instance, type InstanceUpdate, MSG } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { errorText, isApiError, reportError } from '../../api/client.ts';
import { useSave } from '../../api/useSave.ts';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { instanceKeys, instancesApi } from './api.ts';
import { type OpenPermission, refusalOf } from './permissions.tsx';
import type { InstanceScope } from './scope.ts';

/** What every tab of the instance edit page receives. */
export interface TabProps {
  instance: Instance;
  scope: InstanceScope;
  binding: TabBinding;
  /** Opens an upgrade / permission-info dialog. */
  permission: OpenPermission;
}

export interface SaveOptions {
  success?: string;
  /** A feature the server refused (the tab resets it); the upgrade dialog opens either way. */
  onFeatureRefused?: (feature: GatedFeature) => void;
}

/**
 * Saves one part of the instance (PUT /instances/{id}) on `useSave`: reloads the instance, shows the success text,
 * reloads the instance list. `save` resolves true when saved; a refusal naming fields rejects (the tab shows them on
 * its form). A refusal for want of subscription opens its dialog; any other failure shows the server msg
 * (`refused`, for the tab's other calls).
 */
export function useSaveInstance(scope: InstanceScope, instanceId: string, permission: OpenPermission) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  const refused = useCallback(
    (e: unknown, options: SaveOptions = {}) => {
      const refusal = isApiError(e) && !e.handled ? refusalOf(errorText(e)) : null;
      if (!refusal) return reportError(message.error, e);
      if (refusal.kind === 'feature') {
        options.onFeatureRefused?.(refusal.feature);
        permission('upgrade', [refusal.feature]);
      } else permission(refusal.kind);
    },
    [message, permission],
  );

  const { mutateAsync, isPending } = useSave<{ update: InstanceUpdate; options: SaveOptions }>({
    save: async ({ update }) => {
      await instancesApi.update(scope.admin, instanceId, update);
      // Told once the page holds what was saved: the tab is clean by then, so moving on asks nothing.
      await queryClient.invalidateQueries({ queryKey: instanceKeys.one(scope.admin, instanceId) });
    },
    success: (_, { options }) => options.success ?? MSG.updateSuccess,
    invalidate: [instanceKeys.lists()],
    onError: (e, { options }) => refused(e, options),
    scope: `instance:${instanceId}`,
  });
  const save = useCallback(
    (update: InstanceUpdate, options: SaveOptions = {}): Promise<boolean> =>
      mutateAsync({ update, options }).then(
        () => true,
        // a refusal naming fields is handed to the tab, which shows them on its form and marks itself
        (e: unknown) => {
          if (isApiError(e) && e.refused) throw e;
          return false;
        },
      ),
    [mutateAsync],
  );
  return { save, saving: isPending, refused };
}

/** The instance of the page, re-read (after a synchronisation). */
export const useReloadInstance = (scope: InstanceScope, instanceId: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: instanceKeys.one(scope.admin, instanceId),
        queryFn: () => instancesApi.read(scope.admin, instanceId),
        staleTime: 0,
      }) as Promise<Instance>,
    [queryClient, scope.admin, instanceId],
  );
};
