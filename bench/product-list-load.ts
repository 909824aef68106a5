/** The load half of bench/product-list.ts, forked by it: 20 clients asking for product-list pages. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = process.env.BENCH_BASE as string;
const phase = process.env.BENCH_PHASE;
const headers = { authorization: `Bearer ${process.env.BENCH_TOKEN}` };
// Plain keep-alive HTTP: a lighter client than fetch leaves the machine's CPU to the server under test.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const getJson = (path: string) =>
  new Promise<{ code: number; msg: string; data: { total_num: number } }>((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', reject);
  });
const fragments = ['ribbon 12', 'tube', 'vintage 9', 'studio 4', 'pencil 77', 'valve 3'];
const words = ['ribbon', 'tube', 'vintage', 'studio', 'pencil', 'valve', 'stage', 'dynamic'];
const latencies: number[] = [];
let lastTotal = 0;
let asked = Number(process.env.BENCH_OFFSET ?? 0);
const deadline = performance.now() + SECONDS * 1000;
const query = (i: number) => {
  if (phase === 'repeated')
    return `page_num=${1 + (i % 5)}&page_size=20&name=${encodeURIComponent(fragments[i % fragments.length])}`;
  // A word and a number never combined before in this run: both the page and the total are read afresh.
  return `page_num=1&page_size=20&name=${encodeURIComponent(`${words[i % words.length]} ${(asked++ * 7919) % 99_991}`)}`;
};
async function client(n: number) {
  let i = n;
  while (performance.now() < deadline) {
    const t0 = performance.now();
    const body = await getJson(`/products?${query(i)}`);
    latencies.push(performance.now() - t0);
    if (body.code !== 200) throw new Error(body.msg);
    lastTotal = body.data.total_num;
    i += CONCURRENCY;
  }
}
// Warm up connections, then measure.
await Promise.all(Array.from({ length: CONCURRENCY }, () => getJson('/products?page_size=1')));
await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => client(n)));
process.send?.({ latencies, lastTotal }, () => process.exit(0));
