import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../../platform/errors.ts';

/**
 * An SVG graph's caps (docs/api.md "Stored content never breaks a read"). A frequency graph is a few hundred
 * elements and tens of KB; the caps leave room for a detailed export while keeping one sanitisation within its time
 * and memory caps (on a busy two-core machine, 5,000 elements took 3–10 s).
 */
export const SVG_MAX_BYTES = 2 * 1024 * 1024;
export const SVG_MAX_ELEMENTS = 5_000;
/** What one sanitisation may take before its worker is ended, and the worker's start (see `sanitiser`). */
export const SVG_TIME_MS = 20_000;
const SVG_START_MS = 30_000;
export const SVG_MEMORY_MB = 512;

export const SVG_MSG = {
  tooLarge: `An SVG graph may be at most ${SVG_MAX_BYTES / 1024 / 1024} MB: export it simpler or as PNG`,
  tooManyElements: `An SVG graph may have at most ${SVG_MAX_ELEMENTS.toLocaleString('en')} elements: export it simpler or as PNG`,
  tooComplex: 'The SVG graph is too complex to check: export it simpler or as PNG',
} as const;

/** Elements as the parser will meet them: every `<` that opens a tag (closing tags, comments, `<?` excluded). */
const countElements = (text: string) => text.match(/<[A-Za-z]/g)?.length ?? 0;

/**
 * The worker runs the TypeScript sources as the server does (`node --import tsx`, and under vitest): on Node 20 a
 * worker does not inherit the parent's loader, so it registers tsx's ESM loader (its package's own `import` entry,
 * found from here whatever the working directory) before loading the sanitiser.
 */
const require = createRequire(import.meta.url);
const TSX_API = pathToFileURL(
  path.join(
    path.dirname(require.resolve('tsx/package.json')),
    require('tsx/package.json').exports['./esm/api'].import.default,
  ),
).href;
const WORKER = new URL('./svg-worker.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER)}); });`;

/** An SVG within the size and element caps, or a refusal naming the cap (413 for the size). */
export function assertSvgCaps(input: Buffer): void {
  if (input.length > SVG_MAX_BYTES) throw new AppError(413, SVG_MSG.tooLarge);
  if (countElements(input.toString('utf8')) > SVG_MAX_ELEMENTS) throw badRequest(SVG_MSG.tooManyElements);
}

/** One sanitisation at a time: each may use SVG_MEMORY_MB, and uploads of SVG graphs are rare. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * An uploaded SVG made harmless (svg-worker.ts), off the event loop: in a worker thread with a memory cap, ended
 * when it takes longer than SVG_TIME_MS, so no drawing can stall other requests or exhaust the process. Refused
 * over the size and element caps before any parsing. Null when nothing of an `<svg>` is left.
 */
export async function sanitizeSvg(input: Buffer, caps = { timeMs: SVG_TIME_MS }): Promise<Buffer | null> {
  assertSvgCaps(input);
  const text = input.toString('utf8');
  const run = queue.then(() => inWorker(text, caps.timeMs));
  queue = run.catch(() => {});
  return run;
}

/**
 * The worker, started at the first drawing and kept for the next ones (starting one, tsx and jsdom included,
 * takes one to several seconds): ended after SVG_IDLE_MS without work, and whenever a drawing is over its caps
 * (the next one starts a fresh worker).
 */
let current: { worker: Worker; ready: Promise<void> } | null = null;
let idle: NodeJS.Timeout | undefined;
const SVG_IDLE_MS = 60_000;

/** Ends a worker; the next drawing starts a fresh one, even before this one has finished ending. */
function retire(worker: Worker) {
  if (current?.worker === worker) current = null;
  worker.terminate();
}

function sanitiser() {
  if (current) return current;
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { svgSanitiser: true },
    resourceLimits: { maxOldGenerationSizeMb: SVG_MEMORY_MB, maxYoungGenerationSizeMb: 64 },
  });
  // An idle sanitiser never keeps the process (or a test run) alive.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('the SVG sanitiser did not start'));
      retire(worker);
    }, SVG_START_MS);
    worker.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the SVG sanitiser ended while starting'));
    });
  });
  ready.catch(() => {});
  worker.once('exit', () => {
    if (current?.worker === worker) current = null;
  });
  current = { worker, ready };
  return current;
}

async function inWorker(svg: string, timeMs: number): Promise<Buffer | null> {
  clearTimeout(idle);
  const { worker, ready } = sanitiser();
  try {
    await ready;
    return await new Promise<Buffer | null>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        outcome();
      };
      const timer = setTimeout(() => {
        settle(() => reject(badRequest(SVG_MSG.tooComplex)));
        retire(worker);
      }, timeMs);
      const onMessage = ({ clean }: { clean: string | null }) =>
        settle(() => resolve(clean === null ? null : Buffer.from(clean, 'utf8')));
      // Out of memory: the drawing is refused; any other failure is the server's own (a 500, logged).
      const onError = (err: Error & { code?: string }) =>
        settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(SVG_MSG.tooComplex) : err));
      const onExit = () => settle(() => reject(new Error('the SVG sanitiser ended without an answer')));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(svg);
    });
  } finally {
    idle = setTimeout(() => retire(worker), SVG_IDLE_MS).unref();
  }
}
