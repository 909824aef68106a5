import { z } from 'zod';
import { MOBILE_MENU } from '../constants.ts';
import { id, says } from './common.ts';
import { frequencyBands } from './player.ts';
import { frequencyBandsInput, infosContent, storedInfosContent } from './settings.ts';

/**
 * The mobile widget's settings, kept by the atk operator (Widget Content and the /mobile page's instance; docs/api.md
 * "Retailers and mobile settings").
 */

export const MOBILE_SETTINGS = ['mobile_infos', 'mobile_freq_graph', 'mobile_menu', 'mobile_landing_instance'] as const;
export type MobileSetting = (typeof MOBILE_SETTINGS)[number];

/** mobile_infos: the widget's Listening Tips, About Us and FAQ (rich text, sanitised as every rich text). */
export const mobileInfosContent = infosContent
  .pick({ listening_tips: true, about_us: true, faq: true })
  .describe("The widget's info pages, each at most 100,000 characters, stored sanitised.");
export type MobileInfosContent = z.infer<typeof mobileInfosContent>;
/** mobile_infos as answers carry them (unbounded, see `storedRichText`). */
const storedMobileInfos = storedInfosContent
  .pick({ listening_tips: true, about_us: true, faq: true })
  .describe("The widget's info pages.");
/** mobile_menu: the entries the widget's menu shows, in this order, each once. */
export const mobileMenuContent = z
  .array(
    z.enum(MOBILE_MENU, { error: `must be one of ${MOBILE_MENU.join(', ')}` }),
    says('must be a list of menu entries'),
  )
  .max(MOBILE_MENU.length, { error: `must list at most ${MOBILE_MENU.length} entries` })
  .refine((entries) => new Set(entries).size === entries.length, { error: 'must name each entry once' })
  .describe(`The entries the widget's menu shows, in this order, each once: any of ${MOBILE_MENU.join(', ')}.`);
export type MobileMenuContent = z.infer<typeof mobileMenuContent>;

/** GET /atk_player/admin/settings/{type} answers; PUT bodies are {content}. */
export const mobileSettingBodies = {
  mobile_infos: z.object({ content: mobileInfosContent }),
  mobile_freq_graph: z.object({ content: frequencyBandsInput }),
  mobile_menu: z.object({ content: mobileMenuContent }),
  mobile_landing_instance: z.object({
    content: z
      .object({
        instance: z
          .object({ _id: id.describe("The mobile instance's id: an existing, published one.") })
          .nullable()
          .describe('The mobile instance the /mobile page opens; null clears the choice.'),
      })
      .describe('The choice.'),
  }),
} as const;
export type MobileSettingBody<T extends MobileSetting> = z.infer<(typeof mobileSettingBodies)[T]>;
export const mobileSettingAnswers = {
  mobile_infos: z.object({
    type: z.literal('mobile_infos').describe("The setting: the widget's info pages."),
    content: storedMobileInfos,
  }),
  mobile_freq_graph: z.object({
    type: z.literal('mobile_freq_graph').describe("The setting: the widget's frequency graph."),
    content: frequencyBands.describe("The seven bands of the widget's frequency graph."),
  }),
  mobile_menu: z.object({
    type: z.literal('mobile_menu').describe("The setting: the widget's menu."),
    content: mobileMenuContent,
  }),
  /** The stored mobile instance with its name, for the console's select. */
  mobile_landing_instance: z.object({
    type: z.literal('mobile_landing_instance').describe("The setting: the /mobile page's mobile instance."),
    content: z
      .object({
        instance: z
          .object({
            _id: z.string().describe("The mobile instance's id."),
            name: z.string().describe("The mobile instance's name."),
          })
          .nullable()
          .describe(
            'The stored mobile instance, also while unpublished; null when none is set or it has been deleted.',
          ),
      })
      .describe('The stored choice.'),
  }),
} as const;
export type MobileSettingAnswer<T extends MobileSetting> = z.infer<(typeof mobileSettingAnswers)[T]>;
/** Until an operator saves one: every entry in the spec's order. */
export const DEFAULT_MOBILE_MENU: MobileMenuContent = [...MOBILE_MENU];
