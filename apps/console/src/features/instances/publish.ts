import { type InstanceUpdate, MSG } from '@atk/contract';
import { useSave } from '../../api/useSave.ts';
import { instanceKeys, instancesApi } from './api.ts';
import type { InstanceScope } from './scope.ts';

type General = Extract<InstanceUpdate, { general: unknown }>['general'];

/**
 * Publish and Unpublish from the instance list: the status is part of `general`, and PUT {general}
 * replaces all of it (a name, category or website left out would be cleared), so the instance is read and its
 * general part sent back as it is with the new status. 'Update success', like every instance save.
 */
export function usePublishInstance(scope: InstanceScope) {
  return useSave({
    save: async ({ id, is_published }: { id: string; is_published: 0 | 1 }) => {
      const { general: g, brand_id } = await instancesApi.read(scope.admin, id);
      const general: General = {
        name: g.name,
        category_id: g.category_id,
        sub_category_id: g.sub_category_id,
        is_published,
        website: g.website,
      };
      if (scope.admin) general.brand_id = brand_id;
      return instancesApi.update(scope.admin, id, { general });
    },
    success: MSG.updateSuccess,
    invalidate: [instanceKeys.all],
  });
}
