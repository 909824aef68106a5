/**
 * The app's log in a bench: `npm start`'s logger (apps/server/src/platform/logging.ts, LOG_LEVEL honoured), written
 * to a file instead of stdout so the bench's own lines stay readable; what is measured is what a deployment runs.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoggingOptions } from '../apps/server/src/platform/logging.ts';

export function serverLog(bench: string): LoggingOptions {
  const file = path.join(tmpdir(), `atk-bench-${bench}-${process.pid}.log`);
  console.log(`the server's log (as npm start writes it): ${file}`);
  return { destination: file };
}
