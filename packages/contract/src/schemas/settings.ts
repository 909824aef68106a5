import { z } from 'zod';
import {
  FREQUENCY_BANDS,
  FREQUENCY_DESC_MAX,
  FREQUENCY_HZ_MAX,
  FREQUENCY_HZ_MIN,
  INFO_PAGE_LABELS,
  INFO_PAGES,
  type InfoPage,
} from '../constants.ts';
import { MSG } from '../messages.ts';
import { id, safeString, says, storable } from './common.ts';
import { frequencyBands } from './player.ts';

export const LANDING_SETTINGS = ['landing_instance', 'mobile_landing_instance'] as const;
export type LandingSetting = (typeof LANDING_SETTINGS)[number];

/** Widget landing setting (docs/api.md "Accounts"): content.instance._id, null until an operator picks one. */
export const landingContent = z
  .object({
    instance: z
      .object({ _id: z.string().describe("The instance's id.") })
      .nullable()
      .describe('The instance the page launches; null while none is set or it cannot be shown.'),
  })
  .describe('What the landing page launches.');
export type LandingContent = z.infer<typeof landingContent>;
export const landingSetting = z.object({
  type: z.enum(LANDING_SETTINGS).describe('Which landing page: the desktop /home or the mobile /mobile.'),
  content: landingContent,
});
/** GET /widget/settings/{type}: the instance a landing page launches. */
export type LandingSettingData = z.infer<typeof landingSetting>;
/** `/widget/settings/:type` path parameters. */
export const landingSettingParams = z.object({
  type: z
    .enum(LANDING_SETTINGS, { error: `must be one of ${LANDING_SETTINGS.join(', ')}` })
    .describe(`Which landing page: ${LANDING_SETTINGS.join(' or ')}.`),
});
export type LandingSettingParams = z.infer<typeof landingSettingParams>;

/**
 * Rich text (heading level 3, paragraph, bold, italic, underline, link; docs/api.md "Rich text"): every rich text of
 * the product (the client guide, the info pages, a product's listening guide) is HTML, reduced by the server to one
 * allow-list when it is saved (apps/server/src/platform/html.ts). The limit applies to what is sent and again to what
 * the cleaning makes of it (which can be longer: `&` is stored as `&amp;`): a save over it is a 400. Answers read
 * stored text unbounded (`storedRichText`), so nothing stored, by any version, can fail its own read.
 */
export const RICH_TEXT_MAX = 100_000;
const richText = z
  .string({ error: 'must be text' })
  .refine(storable, { error: MSG.textUnstorable })
  .max(RICH_TEXT_MAX, { error: `must be at most ${RICH_TEXT_MAX} characters` });
/** Rich text as answers carry it: what was stored, whatever its length. */
export const storedRichText = z.string();
export type StoredRichText = z.infer<typeof storedRichText>;

/** The client guide (/client/guide): four tabs of rich text, edited by operators (/global/guides). */
export const GUIDE_TABS = ['content', 'players', 'audio', 'integrate'] as const;
const GUIDE_TAB_TEXT: Record<(typeof GUIDE_TABS)[number], string> = {
  content: 'The Content tab',
  players: 'The Players tab',
  audio: 'The Audio tab',
  integrate: 'The Integrate tab',
};
export const guideContent = z
  .object({
    content: richText.describe(`${GUIDE_TAB_TEXT.content}: rich text (HTML).`),
    players: richText.describe(`${GUIDE_TAB_TEXT.players}: rich text (HTML).`),
    audio: richText.describe(`${GUIDE_TAB_TEXT.audio}: rich text (HTML).`),
    integrate: richText.describe(`${GUIDE_TAB_TEXT.integrate}: rich text (HTML).`),
  })
  .describe('The four tabs of the client guide, each at most 100,000 characters, stored sanitised.');
export type GuideContent = z.infer<typeof guideContent>;
const storedGuideContent = z
  .object(
    Object.fromEntries(
      GUIDE_TABS.map((tab) => [tab, storedRichText.describe(`${GUIDE_TAB_TEXT[tab]}: sanitised rich text (HTML).`)]),
    ) as Record<(typeof GUIDE_TABS)[number], typeof storedRichText>,
  )
  .describe('The four tabs of the client guide.');

/** The player's info pages (the `infos` settings record): rich text, shown by the player. */
export const infosContent = z
  .object(
    Object.fromEntries(
      INFO_PAGES.map((page) => [page, richText.describe(`The ${INFO_PAGE_LABELS[page]} page: rich text (HTML).`)]),
    ) as Record<InfoPage, typeof richText>,
  )
  .describe('The info pages, each at most 100,000 characters, stored sanitised.');
export type InfosContent = z.infer<typeof infosContent>;
/** The info pages as answers carry them (unbounded, see `storedRichText`). */
export const storedInfosContent = z
  .object(
    Object.fromEntries(
      INFO_PAGES.map((page) => [
        page,
        storedRichText.describe(
          `The ${INFO_PAGE_LABELS[page]} page: sanitised rich text (HTML); '' when never written.`,
        ),
      ]),
    ) as Record<InfoPage, typeof storedRichText>,
  )
  .describe('The info pages.');

/** One band of the frequency graph as an operator writes it: Hz within 1–24,000, min below max. */
const hz = z
  .number(says('must be a number'))
  .min(FREQUENCY_HZ_MIN, { error: MSG.frequencyHzRange })
  .max(FREQUENCY_HZ_MAX, { error: MSG.frequencyHzRange });
export const frequencyBandInput = z
  .object({
    min: hz.describe('The low end of the band, in Hz (1–24,000).'),
    max: hz.describe('The high end of the band, in Hz (1–24,000, above `min`).'),
    desc: safeString()
      .trim()
      .max(FREQUENCY_DESC_MAX, { error: `must be at most ${FREQUENCY_DESC_MAX} characters` })
      .describe(`What the band sounds like: at most ${FREQUENCY_DESC_MAX} characters, trimmed (may be empty).`),
  })
  .refine((band) => band.min < band.max, { error: MSG.frequencyMaxAboveMin, path: ['max'] });
/** PUT /admin/settings/freq_graph: all seven bands. */
export const frequencyBandsInput = z
  .object(
    Object.fromEntries(
      FREQUENCY_BANDS.map((band) => [band, frequencyBandInput.describe(`The \`${band}\` band, required.`)]),
    ) as Record<(typeof FREQUENCY_BANDS)[number], typeof frequencyBandInput>,
  )
  .describe('The seven bands of the frequency graph, every one required.');
export type FrequencyBandsInput = z.infer<typeof frequencyBandsInput>;

/**
 * The settings an operator reads and writes at /admin/settings/{type} (docs/api.md
 * "Client guide and the player's public read").
 */
export const ADMIN_SETTINGS = ['guide', 'infos', 'freq_graph', 'landing_instance'] as const;
export const guideSetting = z.object({
  type: z.literal('guide').describe('The setting: the client guide.'),
  content: storedGuideContent,
});
/** GET /settings/guide, /admin/settings/guide. */
export type GuideSetting = z.infer<typeof guideSetting>;
/** `/admin/settings/:type` path parameters of a type not named above (answered with an error). */
export const adminSettingParams = z.object({
  type: safeString().max(100).describe('A setting type not among the named ones (those have routes of their own).'),
});
export type AdminSettingParams = z.infer<typeof adminSettingParams>;
export const guideSettingBody = z.object({ content: guideContent });
export type GuideSettingBody = z.infer<typeof guideSettingBody>;
/** GET/PUT /admin/settings/infos. */
export const infosSetting = z.object({
  type: z.literal('infos').describe("The setting: the player's info pages."),
  content: storedInfosContent,
});
export type InfosSetting = z.infer<typeof infosSetting>;
export const infosSettingBody = z.object({ content: infosContent });
export type InfosSettingBody = z.infer<typeof infosSettingBody>;
/** GET/PUT /admin/settings/freq_graph: the bands the player shows (its defaults until an operator saves some). */
export const freqGraphSetting = z.object({
  type: z.literal('freq_graph').describe("The setting: the player's frequency graph."),
  content: frequencyBands.describe('The seven bands of the frequency graph.'),
});
export type FreqGraphSetting = z.infer<typeof freqGraphSetting>;
export const freqGraphSettingBody = z.object({ content: frequencyBandsInput });
export type FreqGraphSettingBody = z.infer<typeof freqGraphSettingBody>;

/** PUT /admin/settings/landing_instance: the instance the landing page launches, or null for none. */
export const landingSettingBody = z.object({
  content: z
    .object({
      instance: z
        .object({ _id: id.describe("The instance's id: a published instance of a brand not deleted.") })
        .nullable()
        .describe('The instance the landing page launches; null clears the choice.'),
    })
    .describe('The choice.'),
});
export type LandingSettingBody = z.infer<typeof landingSettingBody>;
/** GET /admin/settings/landing_instance: the stored instance with its names (for the console's select). */
export const landingAdminSetting = z.object({
  type: z.literal('landing_instance').describe("The setting: the desktop landing page's instance."),
  content: z
    .object({
      instance: z
        .object({
          _id: z.string().describe("The instance's id."),
          name: z.string().describe("The instance's name."),
          brand_name: z.string().describe("The name of the instance's brand."),
        })
        .nullable()
        .describe('The stored instance, also while unpublished; null when none is set or it has been deleted.'),
    })
    .describe('The stored choice.'),
});
export type LandingAdminSetting = z.infer<typeof landingAdminSetting>;
