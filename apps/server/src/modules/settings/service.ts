import {
  DEFAULT_FREQUENCY_BANDS,
  FREQUENCY_BANDS,
  type FrequencyBands,
  type GuideContent,
  INFO_PAGES,
  type InfosContent,
  id as idSchema,
  type LandingAdminSetting,
  type LandingContent,
  type LandingSetting,
  MOBILE_MENU,
  type MobileInfosContent,
  type MobileMenuContent,
  type MobileSettingAnswer,
  MSG,
  mobileMenuContent,
  RICH_TEXT_MAX,
} from '@atk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, instances, mobileInstances, settings } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { cleanRichText } from '../../platform/html.ts';
import { DEFAULT_GUIDE } from './guide-default.ts';

export async function readSetting<T>(db: Db, type: string, fallback: T): Promise<T> {
  const [row] = await db.select({ content: settings.content }).from(settings).where(eq(settings.type, type)).limit(1);
  return (row?.content as T | undefined) ?? fallback;
}

export async function writeSetting(db: Db, type: string, content: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ type, content })
    .onConflictDoUpdate({ target: settings.type, set: { content, updatedAt: new Date() } });
}

/** Rich-text settings (the guide, the info pages) are stored as the one allow-list leaves them (platform/html.ts). */
export async function writeRichText(
  db: Db,
  type: 'guide' | 'infos' | 'mobile_infos',
  content: Record<string, string>,
): Promise<void> {
  const clean = Object.entries(content).map(([k, v]) => [k, cleanRichText(v, `content.${k}`, RICH_TEXT_MAX)]);
  await writeSetting(db, type, Object.fromEntries(clean));
}

/** The client guide: the operator's, else the built-in one. */
export async function readGuide(db: Db): Promise<GuideContent> {
  return readSetting<GuideContent>(db, 'guide', DEFAULT_GUIDE);
}

const objectOf = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The info pages, page by page; a page never written is ''. */
export function infosOf(stored: unknown): InfosContent {
  const content = objectOf(stored) ?? {};
  return Object.fromEntries(
    INFO_PAGES.map((page) => [page, typeof content[page] === 'string' ? content[page] : '']),
  ) as InfosContent;
}

export async function readInfos(db: Db): Promise<InfosContent> {
  return infosOf(await readSetting<unknown>(db, 'infos', null));
}

/**
 * The `freq_graph` setting, band by band; a band missing or malformed keeps its default (docs/api.md
 * "What the read answers").
 */
export function frequencyBandsOf(stored: unknown): FrequencyBands {
  const content = objectOf(stored) ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN);
  return Object.fromEntries(
    FREQUENCY_BANDS.map((band) => {
      const b = objectOf(content[band]);
      const min = num(b?.min);
      const max = num(b?.max);
      const ok = b && Number.isFinite(min) && Number.isFinite(max);
      return [band, ok ? { min, max, desc: typeof b.desc === 'string' ? b.desc : '' } : DEFAULT_FREQUENCY_BANDS[band]];
    }),
  ) as FrequencyBands;
}

/** The desktop player's bands (`freq_graph`) or the mobile widget's (`mobile_freq_graph`): the same shape. */
type BandsSetting = 'freq_graph' | 'mobile_freq_graph';

export async function readFrequencyBands(db: Db, type: BandsSetting = 'freq_graph'): Promise<FrequencyBands> {
  return frequencyBandsOf(await readSetting<unknown>(db, type, null));
}

/** Validated by the contract (every band, 1–24,000 Hz, min below max); stored band by band in the spec's order. */
export async function writeFrequencyBands(
  db: Db,
  bands: FrequencyBands,
  type: BandsSetting = 'freq_graph',
): Promise<void> {
  await writeSetting(db, type, Object.fromEntries(FREQUENCY_BANDS.map((band) => [band, bands[band]])));
}

// ── The mobile widget's settings (docs/api.md "Retailers and mobile settings") ───────────────────────────

const MOBILE_INFO_PAGES = ['listening_tips', 'about_us', 'faq'] as const;

/** The widget's info pages, page by page; a page never written is ''. */
export function mobileInfosOf(stored: unknown): MobileInfosContent {
  const content = objectOf(stored) ?? {};
  return Object.fromEntries(
    MOBILE_INFO_PAGES.map((page) => [page, typeof content[page] === 'string' ? content[page] : '']),
  ) as MobileInfosContent;
}

export async function readMobileInfos(db: Db): Promise<MobileInfosContent> {
  return mobileInfosOf(await readSetting<unknown>(db, 'mobile_infos', null));
}

/** The widget's menu as saved (validated again: a stored value is never trusted blindly), else every entry. */
export function mobileMenuOf(stored: unknown): MobileMenuContent {
  const parsed = mobileMenuContent.safeParse(stored);
  return parsed.success ? parsed.data : [...MOBILE_MENU];
}

export async function readMobileMenu(db: Db): Promise<MobileMenuContent> {
  return mobileMenuOf(await readSetting<unknown>(db, 'mobile_menu', null));
}

/** Why a mobile landing instance is refused (beyond the spec; docs/api.md "Retailers and mobile settings"). */
export const MOBILE_LANDING_MSG = {
  unknown: 'content.instance must be an existing mobile instance',
  unpublished: 'The mobile instance must be published (Active) to be the landing instance',
} as const;

/** A mobile instance unless it has been deleted: what a landing choice shows and needs. */
async function liveMobileInstance(db: Db, id: string) {
  const [row] = await db
    .select({ _id: mobileInstances.id, name: mobileInstances.name, isPublished: mobileInstances.isPublished })
    .from(mobileInstances)
    .where(and(eq(mobileInstances.id, id), eq(mobileInstances.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/** The mobile instance the setting names, unless it has been deleted. */
async function mobileLandingInstance(db: Db) {
  const stored = await readSetting<LandingContent | null>(db, 'mobile_landing_instance', null);
  const id = stored?.instance?._id;
  return idSchema.safeParse(id).success ? liveMobileInstance(db, id as string) : null;
}

/** The operator's view: the stored mobile instance with its name, unless it has been deleted. */
export async function readAdminMobileLanding(db: Db): Promise<MobileSettingAnswer<'mobile_landing_instance'>> {
  const row = await mobileLandingInstance(db);
  return { type: 'mobile_landing_instance', content: { instance: row ? { _id: row._id, name: row.name } : null } };
}

/** The mobile landing instance must exist (not deleted) and be published; null clears the setting. */
export async function writeMobileLandingInstance(db: Db, id: string | null): Promise<void> {
  if (id) {
    const row = await liveMobileInstance(db, id);
    if (!row) throw badRequest(MOBILE_LANDING_MSG.unknown);
    if (row.isPublished !== 1) throw badRequest(MOBILE_LANDING_MSG.unpublished);
  }
  await writeSetting(db, 'mobile_landing_instance', { instance: id ? { _id: id } : null });
}

/** What every player read shows of the settings (the bands, the info pages), in one query. */
export async function readPlayerContent(db: Db): Promise<{ frequency_bands: FrequencyBands; infos: InfosContent }> {
  const rows = await db
    .select({ type: settings.type, content: settings.content })
    .from(settings)
    .where(inArray(settings.type, ['freq_graph', 'infos']));
  const of = (type: string) => rows.find((r) => r.type === type)?.content ?? null;
  return { frequency_bands: frequencyBandsOf(of('freq_graph')), infos: infosOf(of('infos')) };
}

/** The instance a landing setting names, with what decides whether visitors may see it (none when deleted). */
async function landingInstance(db: Db, type: 'landing_instance') {
  const stored = await readSetting<LandingContent | null>(db, type, null);
  const id = stored?.instance?._id;
  if (!idSchema.safeParse(id).success) return null;
  const [row] = await db
    .select({
      _id: instances.id,
      name: instances.name,
      brand_name: brands.name,
      isPublished: instances.isPublished,
      brandDeleted: brands.isDeleted,
    })
    .from(instances)
    .innerJoin(brands, eq(brands.id, instances.brandId))
    .where(and(eq(instances.id, id as string), eq(instances.isDeleted, false)))
    .limit(1);
  return row ?? null;
}

/** What the landing pages launch: the stored instance only while the player can show it (published, brand kept). */
export async function readPublicLanding(db: Db, type: LandingSetting): Promise<LandingContent> {
  if (type === 'mobile_landing_instance') {
    // A mobile instance has no brand: it is shown while it is published.
    const mobile = await mobileLandingInstance(db);
    return { instance: mobile && mobile.isPublished === 1 ? { _id: mobile._id } : null };
  }
  const row = await landingInstance(db, type);
  return { instance: row && row.isPublished === 1 && !row.brandDeleted ? { _id: row._id } : null };
}

/** The operator's view: the stored choice with its names, unless the instance has been deleted. */
export async function readAdminLanding(db: Db, type: 'landing_instance'): Promise<LandingAdminSetting> {
  const row = await landingInstance(db, type);
  return { type, content: { instance: row ? { _id: row._id, name: row.name, brand_name: row.brand_name } : null } };
}

/** The landing instance must exist (not deleted, nor its brand) and be published; null clears the setting. */
export async function writeLandingInstance(db: Db, type: 'landing_instance', id: string | null): Promise<void> {
  if (id) {
    const [row] = await db
      .select({ isPublished: instances.isPublished })
      .from(instances)
      .innerJoin(brands, eq(brands.id, instances.brandId))
      .where(and(eq(instances.id, id), eq(instances.isDeleted, false), eq(brands.isDeleted, false)))
      .limit(1);
    if (!row) throw notFound(MSG.instanceNotFound);
    if (row.isPublished !== 1) throw badRequest(MSG.landingInstanceNotPublished);
  }
  await writeSetting(db, type, { instance: id ? { _id: id } : null });
}
