/**
 * The ingestion load of bench/statistics.ts, forked so its event loop and CPU are not the server's: BENCH_CONCURRENCY
 * keep-alive clients POST batches of 50 events (a launch, then plays each followed by listening time) to
 * /widget/events for BENCH_SECONDS, each from its own address (X-Forwarded-For; the server trusts one proxy hop),
 * half of them from visitors already loaded, half from new ones. Each batch carries the token its visitor's launch
 * would have been given 20 minutes ago (signed with the bench server's EVENTS_SECRET), as a real player's batches do
 * (docs/api.md "How hard the statistics are to inflate"). Sends back the latencies (ms), the statuses and how many
 * events the server accepted.
 */
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { issueToken } from '../apps/server/src/modules/statistics/tokens.ts';
import { type BenchInstance, visitorId } from './statistics-data.ts';

interface Job {
  url: string;
  concurrency: number;
  seconds: number;
  instances: BenchInstance[];
  visitors: number;
  /** The server's EVENTS_SECRET. */
  secret: string;
}

const job = await new Promise<Job>((resolve) => process.once('message', (m) => resolve(m as Job)));
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
const target = new URL(job.url);

/**
 * The events of a batch, serialised ahead (BODIES of them, drawn from at random): this process shares the two cores
 * with the server and PostgreSQL, so a batch costs it only a visitor id and a string concatenation.
 */
const BODIES = 2000;
const bodies = Array.from({ length: BODIES }, () => {
  const inst = job.instances[randomInt(job.instances.length)];
  const events: object[] = [{ type: 'launch', instance_id: inst.id }];
  let combo = inst.combos[0];
  for (let i = 1; i < 50; i++) {
    if (i % 2) {
      combo = inst.combos[randomInt(inst.combos.length)];
      events.push({ type: 'play', instance_id: inst.id, product_id: combo[0], song_id: combo[1], source_id: combo[2] });
    } else
      events.push({
        type: 'listen',
        instance_id: inst.id,
        product_id: combo[0],
        song_id: combo[1],
        source_id: combo[2],
        seconds: randomInt(50, 3000) / 10,
      });
  }
  const text = `","widget_type":"desktop","page_url":${JSON.stringify(`${inst.pageUrl}?from=bench`)},"events":${JSON.stringify(events)}}`;
  return { instance: inst.id, text };
});
const secret = Buffer.from(job.secret);

function batch(): string {
  const visitor = randomInt(2) ? visitorId(1 + randomInt(job.visitors)) : randomUUID();
  const body = bodies[randomInt(BODIES)];
  const token = issueToken(secret, { widget: 'desktop', instance: body.instance, visitor }, Date.now() - 1_200_000);
  return `{"visitor_id":"${visitor}","token":"${token}${body.text}`;
}

/** A public-looking address per batch: the per-address limit is not what is measured. */
const address = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const post = (body: string) =>
  new Promise<{ status: number; accepted: number }>((resolve, reject) => {
    const req = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address(),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let accepted = 0;
          if (res.statusCode === 200) accepted = JSON.parse(Buffer.concat(chunks).toString()).data?.accepted ?? 0;
          resolve({ status: res.statusCode ?? 0, accepted });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const latencies: number[] = [];
const statuses: Record<number, number> = {};
let accepted = 0;
async function client(deadline: number, record: boolean) {
  while (performance.now() < deadline) {
    const body = batch();
    const t0 = performance.now();
    const answer = await post(body);
    if (!record) continue;
    latencies.push(performance.now() - t0);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    accepted += answer.accepted;
  }
}
// Two seconds to open the connections and warm up, then the measured run.
await Promise.all(Array.from({ length: job.concurrency }, () => client(performance.now() + 2000, false)));
process.send?.('measuring');
const started = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(Array.from({ length: job.concurrency }, () => client(started + job.seconds * 1000, true)));
const elapsed = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu0);
// This process's own CPU (ms): it shares the machine's cores with the server and PostgreSQL.
const cpuMs = (used.user + used.system) / 1000;
process.send?.({ latencies, statuses, elapsed, accepted, cpuMs }, () => process.exit(0));
