import { type Instance, type InstanceUpdate, MSG } from '@atk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { errorText, isApiError, reportError } from '../../api/client.ts';
import type { TabBinding } from '../../components/DirtyTabs.tsx';
import { instancesApi, instanceContextKeys as queryKeys } from './api.ts';
import { type PermissionKind, type RefusedFeature, refusalOf } from './permissions.tsx';
import type { InstanceScope } from './scope.ts';

/** What every tab of the instance edit page receives. */
export interface TabProps {
  instance: Instance;
  scope: InstanceScope;
  binding: TabBinding;
  /** Opens an upgrade / permission-info dialog. */
  permission: (kind: PermissionKind) => void;
}

/** A stable text of a value, to compare a tab's current content with the saved one. */
export const snapshot = (value: unknown): string => JSON.stringify(value ?? null);

export interface SaveOptions {
  success?: string;
  /** A feature the server refused (the tab resets it); the upgrade dialog opens either way. */
  onFeatureRefused?: (feature: RefusedFeature) => void;
}

/**
 * Saves one part of the instance (PUT /instances/{id}), shows the success text and reloads the instance.
 * Resolves true when saved. A refusal for want of subscription opens its dialog (spec 3 §6, §8); any other
 * failure shows the server msg.
 */
export function useSaveInstance(scope: InstanceScope, instanceId: string, permission: (kind: PermissionKind) => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const refused = useCallback(
    (e: unknown, options: SaveOptions = {}) => {
      const refusal = isApiError(e) && !e.handled ? refusalOf(errorText(e)) : null;
      if (!refusal) return reportError(message.error, e);
      if (refusal.kind === 'feature') {
        options.onFeatureRefused?.(refusal.feature);
        permission('upgrade');
      } else permission(refusal.kind);
    },
    [message, permission],
  );

  const save = useCallback(
    async (update: InstanceUpdate, options: SaveOptions = {}): Promise<boolean> => {
      setSaving(true);
      try {
        await instancesApi.update(scope.admin, instanceId, update);
        await queryClient.invalidateQueries({ queryKey: queryKeys.instance(scope.admin, instanceId) });
        void queryClient.invalidateQueries({ queryKey: [...queryKeys.instances, 'list'] });
        // Told once the page holds what was saved: the tab is clean by then, so moving on asks nothing.
        message.success(options.success ?? MSG.updateSuccess);
        return true;
      } catch (e) {
        refused(e, options);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [scope.admin, instanceId, queryClient, message, refused],
  );
  return { save, saving, refused };
}

/** The instance of the page, re-read (after a synchronisation). */
export const useReloadInstance = (scope: InstanceScope, instanceId: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: queryKeys.instance(scope.admin, instanceId),
        queryFn: () => instancesApi.read(scope.admin, instanceId),
        staleTime: 0,
      }) as Promise<Instance>,
    [queryClient, scope.admin, instanceId],
  );
};
