import { envelopeOf, LANDING_SETTINGS, type LandingSetting, landingContent } from '@atk/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import { readSetting } from './service.ts';

export function settingRoutes(app: App, { db }: Deps) {
  // Public: the landing pages read which instance their player launches.
  app.get(
    '/widget/settings/:type',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['settings'],
        params: z.object({
          type: z.enum(LANDING_SETTINGS, { error: `must be one of ${LANDING_SETTINGS.join(', ')}` }),
        }),
        response: { 200: envelopeOf(z.object({ type: z.enum(LANDING_SETTINGS), content: landingContent })) },
      },
    },
    async (req) => {
      const type: LandingSetting = req.params.type;
      return ok({ type, content: await readSetting(db, type, { instance: null }) });
    },
  );
}
