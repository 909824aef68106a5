import { ADMIN_SETTINGS, settingEndpoints as api, MOBILE_SETTINGS, MSG } from '@atk/contract';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  readAdminLanding,
  readAdminMobileLanding,
  readFrequencyBands,
  readGuide,
  readInfos,
  readMobileInfos,
  readMobileMenu,
  readPublicLanding,
  writeFrequencyBands,
  writeLandingInstance,
  writeMobileLandingInstance,
  writeRichText,
  writeSetting,
} from './service.ts';

export function settingRoutes(app: App, { db }: Deps) {
  // Public: the landing pages read which instance their player launches (none while it cannot be shown).
  route(app, api.publicLanding, async (req) => {
    const { type } = req.params;
    return ok({ type, content: await readPublicLanding(db, type) });
  });

  // The client guide (docs/api.md "Client guide and the player's public read"): customers and admins read it;
  // operators edit it (/global/guides). Until an operator saves one, the built-in guide is answered. Rich text,
  // sanitised when saved.
  const guide = async () => ({ type: 'guide' as const, content: await readGuide(db) });
  route(app, api.guide.own, async () => ok(await guide()));
  route(app, api.guide.admin, async () => ok(await guide()));
  route(app, api.saveGuide, async (req) => {
    await writeRichText(db, 'guide', req.body.content);
    return ok(await guide(), MSG.updateSuccess);
  });

  // The player's info pages and frequency bands (/global/infos): each tab saves its own type.
  const infos = async () => ({ type: 'infos' as const, content: await readInfos(db) });
  route(app, api.infos, async () => ok(await infos()));
  route(app, api.saveInfos, async (req) => {
    await writeRichText(db, 'infos', req.body.content);
    return ok(await infos(), MSG.updateSuccess);
  });
  const bands = async () => ({ type: 'freq_graph' as const, content: await readFrequencyBands(db) });
  route(app, api.bands, async () => ok(await bands()));
  route(app, api.saveBands, async (req) => {
    await writeFrequencyBands(db, req.body.content);
    return ok(await bands(), MSG.updateSuccess);
  });

  // The landing page's instance (/global/landing; docs/api.md "Client guide and the player's public read").
  route(app, api.landingInstance, async () => ok(await readAdminLanding(db, 'landing_instance')));
  route(app, api.saveLandingInstance, async (req) => {
    await writeLandingInstance(db, 'landing_instance', req.body.content.instance?._id ?? null);
    return ok(await readAdminLanding(db, 'landing_instance'), MSG.updateSuccess);
  });

  // The mobile widget's settings (docs/api.md "Retailers and mobile settings"): the atk operator's only, each
  // type saved from its own screen, in the style of the desktop ones above (rich text sanitised the same way).
  const mobileInfos = async () => ({ type: 'mobile_infos' as const, content: await readMobileInfos(db) });
  route(app, api.mobileInfos, async () => ok(await mobileInfos()));
  route(app, api.saveMobileInfos, async (req) => {
    await writeRichText(db, 'mobile_infos', req.body.content);
    return ok(await mobileInfos(), MSG.updateSuccess);
  });
  const mobileBands = async () => ({
    type: 'mobile_freq_graph' as const,
    content: await readFrequencyBands(db, 'mobile_freq_graph'),
  });
  route(app, api.mobileBands, async () => ok(await mobileBands()));
  route(app, api.saveMobileBands, async (req) => {
    await writeFrequencyBands(db, req.body.content, 'mobile_freq_graph');
    return ok(await mobileBands(), MSG.updateSuccess);
  });
  const mobileMenu = async () => ({ type: 'mobile_menu' as const, content: await readMobileMenu(db) });
  route(app, api.mobileMenu, async () => ok(await mobileMenu()));
  route(app, api.saveMobileMenu, async (req) => {
    await writeSetting(db, 'mobile_menu', req.body.content);
    return ok(await mobileMenu(), MSG.updateSuccess);
  });
  route(app, api.mobileLanding, async () => ok(await readAdminMobileLanding(db)));
  route(app, api.saveMobileLanding, async (req) => {
    await writeMobileLandingInstance(db, req.body.content.instance?._id ?? null);
    return ok(await readAdminMobileLanding(db), MSG.updateSuccess);
  });

  // Any other type: the named routes above take precedence, so only unknown types arrive here.
  const unknownType = async (req: { params: { type: string } }): Promise<never> => {
    throw badRequest(
      `Unknown setting type '${req.params.type}': type must be one of ${[...ADMIN_SETTINGS, ...MOBILE_SETTINGS].join(', ')}`,
    );
  };
  route(app, api.unknown, unknownType);
  route(app, api.saveUnknown, unknownType);
}
