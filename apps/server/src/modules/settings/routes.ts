import {
  envelopeOf,
  type GuideContent,
  guideContent,
  LANDING_SETTINGS,
  type LandingSetting,
  landingContent,
  MSG,
} from '@atk/contract';
import { z } from 'zod';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { BRAND_USERS } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { DEFAULT_GUIDE } from './guide-default.ts';
import { readSetting, writeSetting } from './service.ts';

const guideSetting = envelopeOf(z.object({ type: z.literal('guide'), content: guideContent }));

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

  // The client guide (spec 3 §2, §7): customers and admins read it; operators edit it (spec 2 /global/guides).
  // Until an operator saves one, the built-in guide is answered.
  const readGuide = async () => ({
    type: 'guide' as const,
    content: await readSetting<GuideContent>(db, 'guide', DEFAULT_GUIDE),
  });
  app.get(
    '/settings/guide',
    { config: { auth: BRAND_USERS }, schema: { tags: ['settings'], response: { 200: guideSetting } } },
    async () => ok(await readGuide()),
  );
  app.get(
    '/admin/settings/guide',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], response: { 200: guideSetting } } },
    async () => ok(await readGuide()),
  );
  app.put(
    '/admin/settings/guide',
    {
      config: { auth: ADMINS },
      schema: {
        tags: ['settings'],
        body: z.object({ content: guideContent }),
        response: { 200: guideSetting },
      },
    },
    async (req) => {
      await writeSetting(db, 'guide', req.body.content);
      return ok(await readGuide(), MSG.updateSuccess);
    },
  );
}
