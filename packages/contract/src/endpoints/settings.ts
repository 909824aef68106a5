import { z } from 'zod';
import { API_BASE } from '../constants.ts';
import { ADMINS, ATK_ONLY, endpoint, variants } from '../endpoint.ts';
import { MSG } from '../messages.ts';
import { MOBILE_SETTINGS, mobileSettingAnswers, mobileSettingBodies } from '../schemas/mobile-settings.ts';
import {
  ADMIN_SETTINGS,
  adminSettingParams,
  freqGraphSetting,
  freqGraphSettingBody,
  guideSetting,
  guideSettingBody,
  infosSetting,
  infosSettingBody,
  landingAdminSetting,
  landingSetting,
  landingSettingBody,
  landingSettingParams,
} from '../schemas/settings.ts';

const tag = 'settings';
const admin = `${API_BASE}/admin/settings`;
const RICH =
  'Rich text is HTML reduced when saved to the one allow-list (heading level 3, paragraph, bold, italic, underline, links); a text over 100,000 characters, sent or once cleaned, is refused (400 naming the field).';
const BANDS =
  'Every band is required; `min` and `max` are numbers within 1–24,000 Hz and `min` is below `max`; `desc` is at most 300 characters, trimmed.';
const SAVED = `The answer is the setting as the GET reads it, with msg '${MSG.updateSuccess}'.`;
const MOBILE =
  'A setting of the mobile widget, separate from the desktop one (docs/api.md "Retailers and mobile settings").';

/** `/admin/settings/:type` of a type that does not exist: always refused. */
const unknownType = {
  path: `${admin}/:type`,
  auth: ADMINS,
  params: adminSettingParams,
  notFound: false,
  data: z.null().describe('Never answered: the call is always refused.'),
  tag,
  description: `Always refused: 400 'Unknown setting type …' listing the types that exist (${[...ADMIN_SETTINGS, ...MOBILE_SETTINGS].join(', ')}), each of which has its own path.`,
} as const;

/**
 * The settings records operators write and the player and landing pages read (docs/api.md "Client guide and the
 * player's public read", "Retailers and mobile settings"): each is one record, read and saved whole.
 */
export const settingEndpoints = {
  publicLanding: endpoint({
    method: 'GET',
    path: `${API_BASE}/widget/settings/:type`,
    auth: 'public',
    params: landingSettingParams,
    data: landingSetting,
    tag,
    summary: 'Read what a landing page launches',
    description:
      "The instance the public landing page's player launches (/home: `landing_instance`, /mobile: `mobile_landing_instance`), only while it can be shown: published, and for a desktop instance its brand not deleted; else `instance: null`.",
  }),
  guide: variants({
    method: 'GET',
    path: '/settings/guide',
    data: guideSetting,
    tag,
    summary: 'Read the client guide',
    description:
      "The client guide's four tabs (content, players, audio, integrate) as sanitised rich text; the built-in guide until an operator saves one.",
  }),
  saveGuide: endpoint({
    method: 'PUT',
    path: `${admin}/guide`,
    auth: ADMINS,
    body: guideSettingBody,
    data: guideSetting,
    tag,
    summary: 'Save the client guide',
    description: `Replaces the client guide: the four tabs are required. ${RICH} ${SAVED}`,
  }),
  infos: endpoint({
    method: 'GET',
    path: `${admin}/infos`,
    auth: ADMINS,
    data: infosSetting,
    tag,
    summary: "Read the player's info pages",
    description:
      "The player's info pages (home, listening_tips, about_us, faq) as sanitised rich text; '' for a page never written.",
  }),
  saveInfos: endpoint({
    method: 'PUT',
    path: `${admin}/infos`,
    auth: ADMINS,
    body: infosSettingBody,
    data: infosSetting,
    tag,
    summary: "Save the player's info pages",
    description: `Replaces the info pages: the four are required (the console sends the whole record with one tab changed). ${RICH} ${SAVED}`,
  }),
  bands: endpoint({
    method: 'GET',
    path: `${admin}/freq_graph`,
    auth: ADMINS,
    data: freqGraphSetting,
    tag,
    summary: "Read the player's frequency bands",
    description:
      "The seven bands of the player's frequency graph (sub … air), each `{min, max, desc}`; the defaults until an operator saves some, and a stored band that is malformed reads as its default.",
  }),
  saveBands: endpoint({
    method: 'PUT',
    path: `${admin}/freq_graph`,
    auth: ADMINS,
    body: freqGraphSettingBody,
    data: freqGraphSetting,
    tag,
    summary: "Save the player's frequency bands",
    description: `Replaces the seven bands. ${BANDS} ${SAVED}`,
  }),
  landingInstance: endpoint({
    method: 'GET',
    path: `${admin}/landing_instance`,
    auth: ADMINS,
    data: landingAdminSetting,
    tag,
    summary: "Read the desktop landing page's instance",
    description:
      "The instance the /home page launches, with its name and its brand's, also while it is unpublished (for the console's select); null when none is set or it has been deleted.",
  }),
  saveLandingInstance: endpoint({
    method: 'PUT',
    path: `${admin}/landing_instance`,
    auth: ADMINS,
    body: landingSettingBody,
    data: landingAdminSetting,
    tag,
    summary: "Choose the desktop landing page's instance",
    description: `Sets the instance /home launches, or clears it with \`instance: null\`. It must exist, not be deleted nor its brand (else 404 '${MSG.instanceNotFound}'), and be published (else 400). ${SAVED}`,
  }),
  mobileInfos: endpoint({
    method: 'GET',
    path: `${admin}/mobile_infos`,
    auth: ATK_ONLY,
    data: mobileSettingAnswers.mobile_infos,
    tag,
    summary: "Read the mobile widget's info pages",
    description: `The widget's Listening Tips, About Us and FAQ as sanitised rich text; '' for a page never written. ${MOBILE}`,
  }),
  saveMobileInfos: endpoint({
    method: 'PUT',
    path: `${admin}/mobile_infos`,
    auth: ATK_ONLY,
    body: mobileSettingBodies.mobile_infos,
    data: mobileSettingAnswers.mobile_infos,
    tag,
    summary: "Save the mobile widget's info pages",
    description: `Replaces the widget's three info pages, all required. ${RICH} ${SAVED}`,
  }),
  mobileBands: endpoint({
    method: 'GET',
    path: `${admin}/mobile_freq_graph`,
    auth: ATK_ONLY,
    data: mobileSettingAnswers.mobile_freq_graph,
    tag,
    summary: "Read the mobile widget's frequency bands",
    description: `The seven bands of the widget's frequency graph; the defaults until the operator saves some. ${MOBILE}`,
  }),
  saveMobileBands: endpoint({
    method: 'PUT',
    path: `${admin}/mobile_freq_graph`,
    auth: ATK_ONLY,
    body: mobileSettingBodies.mobile_freq_graph,
    data: mobileSettingAnswers.mobile_freq_graph,
    tag,
    summary: "Save the mobile widget's frequency bands",
    description: `Replaces the widget's seven bands, checked as the desktop ones. ${BANDS} ${SAVED}`,
  }),
  mobileMenu: endpoint({
    method: 'GET',
    path: `${admin}/mobile_menu`,
    auth: ATK_ONLY,
    data: mobileSettingAnswers.mobile_menu,
    tag,
    summary: "Read the mobile widget's menu",
    description: `The entries the widget's menu shows, in order; every entry until the operator saves a choice. ${MOBILE}`,
  }),
  saveMobileMenu: endpoint({
    method: 'PUT',
    path: `${admin}/mobile_menu`,
    auth: ATK_ONLY,
    body: mobileSettingBodies.mobile_menu,
    data: mobileSettingAnswers.mobile_menu,
    tag,
    summary: "Save the mobile widget's menu",
    description: `Sets the entries the menu shows, in this order, each once (an unknown or repeated entry is refused, 400). ${SAVED}`,
  }),
  mobileLanding: endpoint({
    method: 'GET',
    path: `${admin}/mobile_landing_instance`,
    auth: ATK_ONLY,
    data: mobileSettingAnswers.mobile_landing_instance,
    tag,
    summary: "Read the mobile landing page's instance",
    description: `The mobile instance the /mobile page opens, with its name, also while it is unpublished; null when none is set or it has been deleted. ${MOBILE}`,
  }),
  saveMobileLanding: endpoint({
    method: 'PUT',
    path: `${admin}/mobile_landing_instance`,
    auth: ATK_ONLY,
    body: mobileSettingBodies.mobile_landing_instance,
    data: mobileSettingAnswers.mobile_landing_instance,
    tag,
    summary: "Choose the mobile landing page's instance",
    description: `Sets the mobile instance /mobile opens, or clears it with \`instance: null\`. It must be an existing mobile instance, not deleted, and published (else 400). ${SAVED}`,
  }),
  unknown: endpoint({ ...unknownType, method: 'GET', summary: 'Read a setting of an unknown type' }),
  saveUnknown: endpoint({ ...unknownType, method: 'PUT', summary: 'Save a setting of an unknown type' }),
};
