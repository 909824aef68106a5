import {
  ADMIN_SETTINGS,
  adminSettingParams,
  envelopeOf,
  freqGraphSetting,
  freqGraphSettingBody,
  guideSetting,
  guideSettingBody,
  infosSetting,
  infosSettingBody,
  type LandingSetting,
  landingAdminSetting,
  landingSetting,
  landingSettingBody,
  landingSettingParams,
  MOBILE_SETTINGS,
  MSG,
  mobileSettingAnswers,
  mobileSettingBodies,
} from '@atk/contract';
import { ADMINS, ATK_ONLY } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { BRAND_USERS } from '../../http/routes.ts';
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
  app.get(
    '/widget/settings/:type',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['settings'],
        params: landingSettingParams,
        response: { 200: envelopeOf(landingSetting) },
      },
    },
    async (req) => {
      const type: LandingSetting = req.params.type;
      return ok({ type, content: await readPublicLanding(db, type) });
    },
  );

  // The client guide (docs/api.md "Client guide and the player's public read"): customers and admins read it;
  // operators edit it (/global/guides). Until an operator saves one, the built-in guide is answered. Rich text,
  // sanitised when saved.
  const guide = async () => ({ type: 'guide' as const, content: await readGuide(db) });
  const guideReply = { 200: envelopeOf(guideSetting) };
  app.get(
    '/settings/guide',
    { config: { auth: BRAND_USERS }, schema: { tags: ['settings'], response: guideReply } },
    async () => ok(await guide()),
  );
  app.get(
    '/admin/settings/guide',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], response: guideReply } },
    async () => ok(await guide()),
  );
  app.put(
    '/admin/settings/guide',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], body: guideSettingBody, response: guideReply } },
    async (req) => {
      await writeRichText(db, 'guide', req.body.content);
      return ok(await guide(), MSG.updateSuccess);
    },
  );

  // The player's info pages and frequency bands (/global/infos): each tab saves its own type.
  const infos = async () => ({ type: 'infos' as const, content: await readInfos(db) });
  const infosReply = { 200: envelopeOf(infosSetting) };
  app.get(
    '/admin/settings/infos',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], response: infosReply } },
    async () => ok(await infos()),
  );
  app.put(
    '/admin/settings/infos',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], body: infosSettingBody, response: infosReply } },
    async (req) => {
      await writeRichText(db, 'infos', req.body.content);
      return ok(await infos(), MSG.updateSuccess);
    },
  );
  const bands = async () => ({ type: 'freq_graph' as const, content: await readFrequencyBands(db) });
  const bandsReply = { 200: envelopeOf(freqGraphSetting) };
  app.get(
    '/admin/settings/freq_graph',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], response: bandsReply } },
    async () => ok(await bands()),
  );
  app.put(
    '/admin/settings/freq_graph',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], body: freqGraphSettingBody, response: bandsReply } },
    async (req) => {
      await writeFrequencyBands(db, req.body.content);
      return ok(await bands(), MSG.updateSuccess);
    },
  );

  // The landing page's instance (/global/landing; docs/api.md "Client guide and the player's public read").
  const landingReply = { 200: envelopeOf(landingAdminSetting) };
  app.get(
    '/admin/settings/landing_instance',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], response: landingReply } },
    async () => ok(await readAdminLanding(db, 'landing_instance')),
  );
  app.put(
    '/admin/settings/landing_instance',
    { config: { auth: ADMINS }, schema: { tags: ['settings'], body: landingSettingBody, response: landingReply } },
    async (req) => {
      await writeLandingInstance(db, 'landing_instance', req.body.content.instance?._id ?? null);
      return ok(await readAdminLanding(db, 'landing_instance'), MSG.updateSuccess);
    },
  );

  // The mobile widget's settings (docs/api.md "Retailers and mobile settings"): the atk operator's only, each
  // type saved from its own screen, in the style of the desktop ones above (rich text sanitised the same way).
  const atk = { auth: ATK_ONLY };
  const mobile = {
    mobile_infos: async () => ({ type: 'mobile_infos' as const, content: await readMobileInfos(db) }),
    mobile_freq_graph: async () => ({
      type: 'mobile_freq_graph' as const,
      content: await readFrequencyBands(db, 'mobile_freq_graph'),
    }),
    mobile_menu: async () => ({ type: 'mobile_menu' as const, content: await readMobileMenu(db) }),
    mobile_landing_instance: () => readAdminMobileLanding(db),
  };
  const mobileRoute = <T extends keyof typeof mobile>(
    type: T,
    write: (content: (typeof mobileSettingBodies)[T]['_output']['content']) => Promise<void>,
  ) => {
    const reply = { 200: envelopeOf(mobileSettingAnswers[type]) };
    app.get(`/admin/settings/${type}`, { config: atk, schema: { tags: ['settings'], response: reply } }, async () =>
      ok(await mobile[type]()),
    );
    app.put(
      `/admin/settings/${type}`,
      { config: atk, schema: { tags: ['settings'], body: mobileSettingBodies[type], response: reply } },
      async (req) => {
        await write((req.body as { content: Parameters<typeof write>[0] }).content);
        return ok(await mobile[type](), MSG.updateSuccess);
      },
    );
  };
  mobileRoute('mobile_infos', (content) => writeRichText(db, 'mobile_infos', content));
  mobileRoute('mobile_freq_graph', (content) => writeFrequencyBands(db, content, 'mobile_freq_graph'));
  mobileRoute('mobile_menu', (content) => writeSetting(db, 'mobile_menu', content));
  mobileRoute('mobile_landing_instance', (content) => writeMobileLandingInstance(db, content.instance?._id ?? null));

  // Any other type: the named routes above take precedence, so only unknown types arrive here.
  const unknownType = async (req: { params: { type: string } }): Promise<never> => {
    throw badRequest(
      `Unknown setting type '${req.params.type}': type must be one of ${[...ADMIN_SETTINGS, ...MOBILE_SETTINGS].join(', ')}`,
    );
  };
  const params = adminSettingParams;
  app.get('/admin/settings/:type', { config: { auth: ADMINS }, schema: { tags: ['settings'], params } }, unknownType);
  app.put('/admin/settings/:type', { config: { auth: ADMINS }, schema: { tags: ['settings'], params } }, unknownType);
}
