/**
 * The statistics bench's data set, written with set-based SQL: brands, products and published
 * instances the ingestion accepts events for, a year of raw player events, and the rollups those events fold into
 * (`foldRollups`: the same rows the ingestion writes batch by batch, computed over all events at once).
 *
 * Shape: BRANDS brands with INSTANCES / BRANDS instances each, every instance listing its own 10 products (500 in
 * all) and 3 songs × 3 instruments, so 90 product × song × source combinations per instance. Traffic is skewed
 * over the brands (BRAND_SHARE: the first, the one the reads are measured on, has 40%). A session is one batch of
 * one visitor at one instance: a launch, then two plays each followed by its listening time (5 events). Every
 * visitor has at least one session, a few many (the heavy tail of a browser coming back); one visitor's sessions
 * fall on distinct days before 22:00, so any two of its launches are hours apart (each is a sign in). A session's
 * events share one time, as a batch's do (the ingestion stamps a batch with its statement's now()).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_BUTTONS, DEFAULT_FEATURES, DEFAULT_IMAGES } from '@atk/contract';
import type pg from 'pg';

export const NO_ID = '00000000-0000-0000-0000-000000000000';
export const BRANDS = 5;
export const INSTANCES = 50;
export const PRODUCTS_PER_INSTANCE = 10;
export const SONGS_PER_INSTANCE = 3;
export const SOURCES_PER_SONG = 3;
export const DAYS = 365;
export const EVENTS_PER_SESSION = 5;
/** Cumulative share of the sessions each brand gets (a visitor's home instance is drawn with these weights). */
const BRAND_SHARE = [0.4, 0.65, 0.8, 0.92, 1];
/** Where the loaded visitors are (the ingestion looks it up from the address; here one of a few places). */
const PLACES = [
  ['United States', 'California', 'San Jose'],
  ['United States', 'New York', 'New York'],
  ['Germany', 'Berlin', 'Berlin'],
  ['Japan', 'Tokyo', 'Tokyo'],
  ['United Kingdom', 'England', 'London'],
  ['Brazil', 'São Paulo', 'São Paulo'],
  ['', '', ''],
];

/** The id of loaded visitor `n` (1-based), a valid version 4 UUID; the same in SQL (`visitorIdSql`). */
export function visitorId(n: number): string {
  const h = createHash('md5').update(`visitor${n}`).digest('hex');
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}
/** A version 4 UUID from the md5 of a text (deterministic, so every table draws the same ids). */
const uuidSql = (text: string) =>
  `(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18))::uuid`;
const visitorIdSql = (n: string) => uuidSql(`'visitor' || ${n}`);

export interface BenchInstance {
  id: string;
  brandId: string;
  pageUrl: string;
  /** [product, song, source] ids the instance lists. */
  combos: [string, string, string][];
}

export interface Shape {
  brands: string[];
  instances: BenchInstance[];
  /** product id → its brand, for the per-product reads. */
  products: { id: string; brandId: string }[];
}

type Step = (label: string, sql: string, params?: unknown[]) => Promise<void>;
const stepper =
  (c: pg.Client, log: (s: string) => void): Step =>
  async (label, sql, params) => {
    const t0 = performance.now();
    await c.query(sql, params);
    log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };

/** Brands, their products and published instances (each with its 10 products and 3 songs of 3 instruments). */
export async function createShape(c: pg.Client): Promise<Shape> {
  await c.query(`create unlogged table bench_inst as
    select n, ${uuidSql("'instance' || n")} as id, (n - 1) / ${INSTANCES / BRANDS} + 1 as brand_n,
      'https://shop' || ((n - 1) / ${INSTANCES / BRANDS} + 1) || '.example/player/' || n as page_url
    from generate_series(1, ${INSTANCES}) n`);
  await c.query(`create unlogged table bench_brand as
    select n, ${uuidSql("'brand' || n")} as id from generate_series(1, ${BRANDS}) n`);
  await c.query(`insert into brands (id, name, is_published) select id, 'Bench Brand ' || n, 1 from bench_brand`);
  await c.query(`create unlogged table bench_combo as
    select i.n as inst_n, p * ${SONGS_PER_INSTANCE * SOURCES_PER_SONG} + s * ${SOURCES_PER_SONG} + src as k,
      ${uuidSql("'product' || i.n || '-' || p")} as product_id, ${uuidSql("'song' || i.n || '-' || s")} as song_id,
      ${uuidSql("'source' || i.n || '-' || s || '-' || src")} as source_id
    from bench_inst i, generate_series(0, ${PRODUCTS_PER_INSTANCE - 1}) p,
      generate_series(0, ${SONGS_PER_INSTANCE - 1}) s, generate_series(0, ${SOURCES_PER_SONG - 1}) src`);
  await c.query(`create index on bench_combo (inst_n, k)`);
  await c.query(`insert into products (id, brand_id, name, model, is_published)
    select distinct on (c.product_id) c.product_id, b.id, 'Bench Mic ' || c.inst_n || '-' || (c.k / ${SONGS_PER_INSTANCE * SOURCES_PER_SONG}),
      'BM-' || c.inst_n, 1
    from bench_combo c join bench_inst i on i.n = c.inst_n join bench_brand b on b.n = i.brand_n`);
  await c.query(
    `insert into instances (id, brand_id, name, is_published, website, features, images, buttons, products, sources)
    select i.id, b.id, 'Bench Player ' || i.n, 1, i.page_url, $1::jsonb, $2::jsonb, $3::jsonb,
      (select jsonb_agg(distinct jsonb_build_object('product_id', c.product_id, 'brand_id', b.id, 'is_active', 1, 'order', null))
        from bench_combo c where c.inst_n = i.n),
      (select jsonb_agg(jsonb_build_object('song_id', s.song_id, 'is_active', 1, 'order', s.o, 'instruments', s.instruments))
        from (select c.song_id, min(c.k) as o,
                jsonb_agg(distinct jsonb_build_object('instrument_id', c.source_id, 'is_active', 1, 'order', 1)) as instruments
              from bench_combo c where c.inst_n = i.n group by c.song_id) s)
    from bench_inst i join bench_brand b on b.n = i.brand_n`,
    [JSON.stringify(DEFAULT_FEATURES), JSON.stringify(DEFAULT_IMAGES), JSON.stringify(DEFAULT_BUTTONS)],
  );
  const { rows: brands } = await c.query<{ id: string }>('select id from bench_brand order by n');
  const { rows: inst } = await c.query<{ n: number; id: string; brand_id: string; page_url: string }>(
    'select i.n, i.id, b.id as brand_id, i.page_url from bench_inst i join bench_brand b on b.n = i.brand_n order by i.n',
  );
  const { rows: combos } = await c.query<{ inst_n: number; product_id: string; song_id: string; source_id: string }>(
    'select inst_n, product_id, song_id, source_id from bench_combo order by inst_n, k',
  );
  const instances = inst.map((i) => ({
    id: i.id,
    brandId: i.brand_id,
    pageUrl: i.page_url,
    combos: combos
      .filter((c) => c.inst_n === i.n)
      .map((c) => [c.product_id, c.song_id, c.source_id] as [string, string, string]),
  }));
  const products = [
    ...new Map(instances.flatMap((i) => i.combos.map((c) => [c[0], { id: c[0], brandId: i.brandId }]))).values(),
  ];
  return { brands: brands.map((b) => b.id), instances, products };
}

/**
 * The raw events: EVENTS / 5 sessions of VISITORS visitors over the DAYS days before today (UTC). Returns the
 * number written.
 */
export async function loadEvents(
  c: pg.Client,
  opts: { events: number; visitors: number },
  log: (s: string) => void,
): Promise<number> {
  const step = stepper(c, log);
  const sessions = Math.floor(opts.events / EVENTS_PER_SESSION);
  const V = Math.min(opts.visitors, sessions);
  await c.query(`select setseed(0.13)`);
  // Every visitor one session, the rest to a heavy tail (visitor n drawn as V·u^1.5: the first few come back
  // ~100 times).
  await step(
    'sessions → visitors',
    `create unlogged table bench_sess as
     select s, case when s <= ${V} then s else 1 + floor(${V} * power(random(), 1.5))::int end as v,
       random() as r_where, random() as r_inst, random() as r_time,
       floor(random() * ${PRODUCTS_PER_INSTANCE * SONGS_PER_INSTANCE * SOURCES_PER_SONG})::int as c1,
       floor(random() * ${PRODUCTS_PER_INSTANCE * SONGS_PER_INSTANCE * SOURCES_PER_SONG})::int as c2
     from generate_series(1, ${sessions}) s`,
  );
  const weights = BRAND_SHARE.map((w, i) => `when r < ${w} then ${i}`).join(' ');
  const per = INSTANCES / BRANDS;
  // A visitor: its number of sessions, first day (early enough for them all on distinct days), home instance
  // (drawn by brand share), id and place.
  await step(
    'visitors',
    `create unlogged table bench_vis as
     select v, n, floor(random() * greatest(1, ${DAYS + 1} - n))::int as f,
       (case ${weights} else ${BRANDS - 1} end) * ${per} + 1 + floor(r2 * ${per})::int as home,
       ${visitorIdSql('v')} as id, (v % ${PLACES.length}) as place
     from (select v, count(*)::int as n, random() as r, random() as r2 from bench_sess group by v) x`,
  );
  await c.query('create unique index on bench_vis (v)');
  // A session: its instance (home 80% of the time, else any), day (j-th of the visitor's n spread over the days
  // left after its first) and time of day (before 22:00).
  await step(
    'sessions',
    `create unlogged table bench_session as
     select s.s, vi.id as visitor_id,
       case when s.r_where < 0.8 then vi.home else 1 + floor(s.r_inst * ${INSTANCES})::int end as inst_n,
       (current_date - ${DAYS} + (vi.f + (s.j * (${DAYS} - vi.f)) / vi.n)::int)::timestamptz
         + s.r_time * interval '22 hours' as at,
       s.c1, s.c2
     from (select *, row_number() over (partition by v order by s) - 1 as j from bench_sess) s
     join bench_vis vi on vi.v = s.v`,
  );
  await step(
    `events (${sessions * EVENTS_PER_SESSION})`,
    `insert into player_events (instance_id, brand_id, visitor_id, widget_type, type, product_id, song_id, source_id,
       seconds, created_at)
     select i.id, b.id, s.visitor_id, 'desktop',
       (array['launch', 'play', 'listen', 'play', 'listen'])[e + 1],
       c.product_id, c.song_id, c.source_id,
       case when e in (2, 4) then round((5 + random() * 295)::numeric, 1)::float8 end,
       s.at
     from bench_session s
     cross join generate_series(0, ${EVENTS_PER_SESSION - 1}) e
     join bench_inst i on i.n = s.inst_n
     join bench_brand b on b.n = i.brand_n
     left join bench_combo c on e > 0 and c.inst_n = s.inst_n and c.k = case when e <= 2 then s.c1 else s.c2 end`,
  );
  await step(
    'places',
    `insert into bench_place (visitor_id, country_name, state_prov, city)
     select vi.id, (p.a)[vi.place * 3 + 1], (p.a)[vi.place * 3 + 2], (p.a)[vi.place * 3 + 3]
     from bench_vis vi cross join (select $1::text[] as a) p`,
    [PLACES.flat()],
  );
  for (const t of ['bench_sess', 'bench_vis', 'bench_session']) await c.query(`drop table ${t}`);
  return sessions * EVENTS_PER_SESSION;
}

/** The tables the bench keeps beside the app's: which page each instance is on, where each visitor is. */
export async function benchTables(c: pg.Client): Promise<void> {
  await c.query(`create unlogged table if not exists bench_place (
    visitor_id uuid primary key, country_name text not null, state_prov text not null, city text not null)`);
}

/**
 * Folds every row of player_events into the rollups, as the ingestion would have batch by batch (ISSUE13.md
 * "Ingestion"): stats_daily sums per key, stats_daily_products per product; from the launches, visitors and brand_visitors (sign up = first launch,
 * a sign in = a launch more than 30 minutes after the visitor's previous one), the daily unique-visitor
 * membership and the daily counts. A sign in is judged against the visitor's previous launch, where the ingestion
 * judges it against its previous batch of any kind: the same here, as every batch of the data set (and of the
 * verified sample) has a launch or comes within seconds of one. Rows go in by day (sign up for the visitors), the
 * order the ingestion writes them in over a year, so a range of days lies on neighbouring pages as it would. `prefix` writes into copies (`<prefix>visitors`…) instead, to compare.
 */
export async function foldRollups(c: pg.Client, log: (s: string) => void, prefix = ''): Promise<void> {
  const step = stepper(c, log);
  const t = (name: string) => `${prefix}${name}`;
  await step(
    'stats_daily',
    `insert into ${t('stats_daily')} (brand_id, day, instance_id, widget_type, product_id, song_id, source_id,
       launches, plays, listen_seconds)
     select brand_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), instance_id, widget_type,
       coalesce(product_id, '${NO_ID}'), coalesce(song_id, '${NO_ID}'), coalesce(source_id, '${NO_ID}'),
       count(*) filter (where type = 'launch'), count(*) filter (where type = 'play'),
       coalesce(sum(seconds) filter (where type = 'listen'), 0)
     from player_events group by 1, 2, 3, 4, 5, 6, 7
     order by 2, 1`,
  );
  // Per product, for the instance and for all of them (NO_ID), for the product and for all: from stats_daily's
  // play and listen rows (a launch names no product here, so those rows are exactly the plays and listens).
  await step(
    'stats_daily_products',
    `insert into ${t('stats_daily_products')} (brand_id, day, widget_type, instance_id, product_id, plays,
       listen_seconds)
     select brand_id, day, widget_type, coalesce(instance_id, '${NO_ID}'), coalesce(product_id, '${NO_ID}'),
       sum(plays), sum(listen_seconds)
     from ${t('stats_daily')} where product_id <> '${NO_ID}'
     group by grouping sets ((brand_id, day, widget_type, instance_id, product_id), (brand_id, day, widget_type, instance_id),
       (brand_id, day, widget_type, product_id), (brand_id, day, widget_type))
     order by day`,
  );
  await step(
    'launches',
    `create unlogged table bench_launch as
     select l.brand_id, l.instance_id, l.visitor_id, l.widget_type, l.created_at,
       to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, i.website as page_url
     from player_events l join instances i on i.id = l.instance_id where l.type = 'launch'`,
  );
  // A visitor's last activity is its last batch of any kind (one without a launch marks it active too).
  await step(
    'last seen',
    `create unlogged table bench_seen as
     select brand_id, visitor_id, max(created_at) as at from player_events group by 1, 2`,
  );
  const visitorFold = (keys: string, seen: string) => `
     select ${keys}, count(*) filter (where prev is null or created_at - prev > interval '30 minutes')::int as sign_in_count,
       (array_agg(page_url order by created_at))[1] as sign_up_url,
       coalesce(min(p.country_name), '') as country_name, coalesce(min(p.state_prov), '') as state_prov,
       coalesce(min(p.city), '') as city,
       min(created_at) as created_at,
       max(created_at) filter (where prev is null or created_at - prev > interval '30 minutes') as updated_at,
       min(seen.at) as last_seen_at, count(*)::int as launches
     from (select *, lag(created_at) over (partition by ${keys} order by created_at) as prev from bench_launch) l
     left join bench_place p using (visitor_id)
     join (${seen}) seen using (${keys})
     group by ${keys}`;
  await step(
    'visitors',
    `insert into ${t('visitors')} (id, sign_in_count, sign_up_url, country_name, state_prov, city, created_at,
       updated_at, last_seen_at, launches)
     select * from (${visitorFold('visitor_id', 'select visitor_id, max(at) as at from bench_seen group by 1')}) v
     order by created_at`,
  );
  await step(
    'brand_visitors',
    `insert into ${t('brand_visitors')} (brand_id, visitor_id, sign_in_count, sign_up_url, country_name, state_prov,
       city, created_at, updated_at, last_seen_at, launches)
     select * from (${visitorFold('brand_id, visitor_id', 'select * from bench_seen')}) v
     order by created_at`,
  );
  await step(
    'stats_daily_visitors',
    `insert into ${t('stats_daily_visitors')} (brand_id, day, instance_id, widget_type, visitor_id)
     select * from (
       select distinct brand_id, day, instance_id, widget_type, visitor_id from bench_launch
       union all
       select distinct brand_id, day, '${NO_ID}'::uuid, widget_type, visitor_id from bench_launch
     ) x order by day`,
  );
  // Launches and unique visitors per instance and for all the brand's instances (NO_ID); new visitors on the
  // brand's all-instances row (brand scope) and on the platform's (scope NO_ID), by the day they first launched.
  await step(
    'stats_daily_counts',
    `insert into ${t('stats_daily_counts')} (scope_id, day, instance_id, widget_type, launches, unique_visitors,
       new_visitors)
     select scope_id, day, instance_id, widget_type, sum(launches), sum(unique_visitors), sum(new_visitors)
     from (
       select brand_id as scope_id, day, instance_id, widget_type, count(*) as launches,
         count(distinct visitor_id) as unique_visitors, 0 as new_visitors
       from bench_launch group by 1, 2, 3, 4
       union all
       select brand_id, day, '${NO_ID}'::uuid, widget_type, count(*), count(distinct visitor_id), 0
       from bench_launch group by 1, 2, 4
       union all
       select bv.brand_id, to_char(bv.created_at at time zone 'UTC', 'YYYY-MM-DD'), '${NO_ID}'::uuid, 'desktop', 0, 0,
         count(*)
       from ${t('brand_visitors')} bv group by 1, 2
       union all
       select '${NO_ID}'::uuid, to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD'), '${NO_ID}'::uuid, 'desktop', 0, 0,
         count(*)
       from ${t('visitors')} v group by 2
     ) x group by 1, 2, 3, 4
     order by 2`,
  );
  await c.query('drop table bench_launch, bench_seen');
}

/** The preference phase's tables (loadVotes, loadAbx). */
export const VOTE_TABLES = [
  'preference_votes',
  'stats_pref_products',
  'stats_pref_pairs',
  'stats_monthly_pref_products',
  'stats_monthly_pref_pairs',
  'abx_tests',
  'stats_abx_pairs',
  'stats_monthly_abx_pairs',
];

export const ROLLUPS = [
  'stats_daily',
  'stats_daily_products',
  'visitors',
  'brand_visitors',
  'stats_daily_visitors',
  'stats_daily_counts',
];

/**
 * Blind votes (docs/api.md "Listener verdicts"): `votes` votes over the DAYS days before today, each of one visitor
 * at one instance (drawn with BRAND_SHARE's weights, then evenly in the brand) on one of its 9 song × source pairs,
 * comparing 2 to 4 of its products (every third from a random one), 10% with No preference. Written to
 * preference_votes and folded into stats_pref_products and stats_pref_pairs at every level the fold writes
 * (modules/statistics/votes.ts foldVotes: the instance and all instances × source, song, any song). Returns
 * the number of votes written.
 */
export async function loadVotes(c: pg.Client, votes: number, log: (s: string) => void): Promise<number> {
  const step = stepper(c, log);
  const perBrand = INSTANCES / BRANDS;
  const cases = BRAND_SHARE.map((share, i) => `when rb < ${share} then ${i + 1}`).join(' ');
  const product = (j: number) => uuidSql(`'product' || inst_n || '-' || ((p0 + ${3 * j}) % ${PRODUCTS_PER_INSTANCE})`);
  await c.query(`select setseed(0.29)`);
  await step(
    'votes',
    `insert into preference_votes (instance_id, song_id, source_id, visitor_id, day, brand_id, widget_type, products,
       heard, chosen_id, level_matched, created_at)
     select ${uuidSql("'instance' || inst_n")}, ${uuidSql("'song' || inst_n || '-' || s")},
       ${uuidSql("'source' || inst_n || '-' || s || '-' || src")}, ${uuidSql("'voter' || n")},
       to_char(at at time zone 'UTC', 'YYYY-MM-DD'), ${uuidSql("'brand' || brand_n")}, 'desktop', prods,
       array_fill(6::float8, array[m]),
       case when rc < 0.1 then null else prods[1 + floor((rc - 0.1) / 0.9 * m)::int] end, rl < 0.5, at
     from (
       select *, (array[${[0, 1, 2, 3].map(product).join(', ')}])[1:m] as prods
       from (
         select n, brand_n, (brand_n - 1) * ${perBrand} + 1 + floor(ri * ${perBrand})::int as inst_n,
           floor(rs * ${SONGS_PER_INSTANCE})::int as s, floor(rr * ${SOURCES_PER_SONG})::int as src,
           floor(rp * ${PRODUCTS_PER_INSTANCE})::int as p0, 2 + floor(rm * 3)::int as m, rc, rl,
           date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
             - (1 + floor(rd * ${DAYS - 1}))::int * interval '1 day' + rt * interval '20 hours' as at
         from (
           select n, case ${cases} else ${BRANDS} end as brand_n, ri, rs, rr, rp, rm, rc, rl, rd, rt
           from (select n, random() as rb, random() as ri, random() as rs, random() as rr, random() as rp,
                   random() as rm, random() as rc, random() as rl, random() as rd, random() as rt
                 from generate_series(1, ${votes}) n) r
         ) b
       ) v
     ) w`,
  );
  // The songs and sources the votes name, so the reads' song and source filters find them.
  await c.query(`insert into songs (id, brand_id, name, song_type)
    select distinct on (song_id) song_id, b.id, 'Bench Song ' || c.inst_n, 1
    from bench_combo c join bench_inst i on i.n = c.inst_n join bench_brand b on b.n = i.brand_n
    on conflict do nothing`);
  await c.query(`insert into instruments (id, song_id, name)
    select distinct on (source_id) source_id, song_id, 'Bench Source' from bench_combo on conflict do nothing`);
  const levels = `preference_votes v,
    lateral (values (v.instance_id), ('${NO_ID}'::uuid)) i(inst),
    lateral (values (v.song_id, v.source_id), (v.song_id, '${NO_ID}'::uuid), ('${NO_ID}'::uuid, '${NO_ID}'::uuid)) g(song, src)`;
  await step(
    'stats_pref_products',
    `insert into stats_pref_products (brand_id, instance_id, widget_type, day, song_id, source_id, product_id, votes, wins)
     select v.brand_id, i.inst, v.widget_type, v.day, g.song, g.src, q.prod, count(*), count(*) filter (where q.won)
     from ${levels},
       lateral (select x.id as prod, x.id = v.chosen_id as won from unnest(v.products) x(id)
                union all select '${NO_ID}'::uuid, v.chosen_id is not null) q
     group by 1, 2, 3, 4, 5, 6, 7`,
  );
  await step(
    'stats_pref_pairs',
    `insert into stats_pref_pairs (brand_id, instance_id, widget_type, day, song_id, source_id, a_id, b_id, a_wins,
       b_wins, ties)
     select v.brand_id, i.inst, v.widget_type, v.day, g.song, g.src, a.id, b.id,
       count(*) filter (where v.chosen_id = a.id), count(*) filter (where v.chosen_id = b.id),
       count(*) filter (where v.chosen_id is null or v.chosen_id not in (a.id, b.id))
     from ${levels}, unnest(v.products) a(id), unnest(v.products) b(id)
     where a.id < b.id
     group by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  // The months: the days summed, as the fold writes both.
  await step(
    'stats_monthly_pref_products',
    `insert into stats_monthly_pref_products (brand_id, instance_id, widget_type, month, song_id, source_id, product_id,
       votes, wins)
     select brand_id, instance_id, widget_type, left(day, 7), song_id, source_id, product_id, sum(votes), sum(wins)
     from stats_pref_products group by 1, 2, 3, 4, 5, 6, 7`,
  );
  await step(
    'stats_monthly_pref_pairs',
    `insert into stats_monthly_pref_pairs (brand_id, instance_id, widget_type, month, song_id, source_id, a_id, b_id,
       a_wins, b_wins, ties)
     select brand_id, instance_id, widget_type, left(day, 7), song_id, source_id, a_id, b_id, sum(a_wins),
       sum(b_wins), sum(ties)
     from stats_pref_pairs group by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  return votes;
}

/**
 * ABX tests (docs/api.md "Listener verdicts"): `tests` tests of 8 trials over the DAYS days before today, each of one
 * visitor at one instance (as the votes are drawn) on one of its song × source pairs, of two of its products;
 * a third of the listeners hear the difference (7 or 8 right), the rest guess. Written to abx_tests and rolled up
 * into stats_abx_pairs and stats_monthly_abx_pairs at every level the fold writes (modules/statistics/abx.ts).
 */
export async function loadAbx(c: pg.Client, tests: number, log: (s: string) => void): Promise<number> {
  const step = stepper(c, log);
  const perBrand = INSTANCES / BRANDS;
  const cases = BRAND_SHARE.map((share, i) => `when rb < ${share} then ${i + 1}`).join(' ');
  const product = (k: string) => uuidSql(`'product' || inst_n || '-' || (${k})`);
  await c.query(`select setseed(0.57)`);
  await step(
    'abx tests',
    `insert into abx_tests (test_id, instance_id, song_id, source_id, visitor_id, day, brand_id, widget_type, a_id,
       b_id, answers, correct, trial_seconds, created_at)
     select 'bench' || n, ${uuidSql("'instance' || inst_n")}, ${uuidSql("'song' || inst_n || '-' || s")},
       ${uuidSql("'source' || inst_n || '-' || s || '-' || src")}, ${uuidSql("'abx-listener' || n")},
       to_char(at at time zone 'UTC', 'YYYY-MM-DD'), ${uuidSql("'brand' || brand_n")}, 'desktop',
       least(pa, pb), greatest(pa, pb), 'ABABABAB', correct, array_fill(5::float8, array[8]), at
     from (
       select *, ${product('p0')} as pa, ${product(`(p0 + 1 + floor(rq * ${PRODUCTS_PER_INSTANCE - 1})::int) % ${PRODUCTS_PER_INSTANCE}`)} as pb,
         case when rh < 1.0 / 3 then 7 + floor(rg * 2)::int
              else (rg > 0.5)::int + (rq > 0.5)::int + (rr > 0.5)::int + (rs > 0.5)::int + (rc > 0.5)::int
                   + (rd > 0.5)::int + (rt > 0.5)::int + (ri > 0.5)::int end as correct
       from (
         select n, brand_n, (brand_n - 1) * ${perBrand} + 1 + floor(ri * ${perBrand})::int as inst_n,
           floor(rs * ${SONGS_PER_INSTANCE})::int as s, floor(rr * ${SOURCES_PER_SONG})::int as src,
           floor(rp * ${PRODUCTS_PER_INSTANCE})::int as p0, rq, rh, rg, rc, rd, rt, ri, rr, rs,
           date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
             - (1 + floor(rd * ${DAYS - 1}))::int * interval '1 day' + rt * interval '20 hours' as at
         from (
           select n, case ${cases} else ${BRANDS} end as brand_n, ri, rs, rr, rp, rq, rh, rg, rc, rd, rt
           from (select n, random() as rb, random() as ri, random() as rs, random() as rr, random() as rp,
                   random() as rq, random() as rh, random() as rg, random() as rc, random() as rd, random() as rt
                 from generate_series(1, ${tests}) n) r
         ) b
       ) v
     ) w`,
  );
  const levels = `abx_tests v,
    lateral (values (v.instance_id), ('${NO_ID}'::uuid)) i(inst),
    lateral (values (v.song_id, v.source_id), (v.song_id, '${NO_ID}'::uuid), ('${NO_ID}'::uuid, '${NO_ID}'::uuid)) g(song, src)`;
  // 7 or 8 of 8 is p < 0.05 alone (9/256 and 1/256)
  const sums = `count(*), sum(length(v.answers)), sum(v.correct), count(*) filter (where v.correct >= 7)`;
  await step(
    'stats_abx_pairs',
    `insert into stats_abx_pairs (brand_id, instance_id, widget_type, song_id, source_id, day, a_id, b_id, tests,
       trials, correct, significant)
     select v.brand_id, i.inst, v.widget_type, g.song, g.src, v.day, v.a_id, v.b_id, ${sums}
     from ${levels} group by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  await step(
    'stats_monthly_abx_pairs',
    `insert into stats_monthly_abx_pairs (brand_id, instance_id, widget_type, song_id, source_id, month, a_id, b_id,
       tests, trials, correct, significant)
     select brand_id, instance_id, widget_type, song_id, source_id, left(day, 7), a_id, b_id, sum(tests),
       sum(trials), sum(correct), sum(significant)
     from stats_abx_pairs group by 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  return tests;
}
