import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export class ToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** The tool ran longer than its `timeoutMs` and was stopped. */
export class ToolTimeout extends Error {}

const STDERR_KEEP = 256 * 1024;

/**
 * Runs ffmpeg or ffprobe. Standard output goes to `onStdout` chunk by chunk (PCM can be large), or is collected
 * when no callback is given; standard error is kept (its tail) for parsing and for the error message.
 */
export function runTool(
  bin: string,
  args: string[],
  opts: {
    onStdout?: (chunk: Buffer) => void;
    /** Piped to the tool's standard input (`pipe:0`); what the tool does not read is dropped when it ends. */
    stdin?: Readable;
    /** Stops the tool after this long: rejects with ToolTimeout. */
    timeoutMs?: number;
  } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let failed: unknown = null;
    // The tool may stop reading early (a probe needs only the header): the broken pipe is expected.
    child.stdin.on('error', () => {});
    const input = opts.stdin;
    if (input) {
      input.on('error', () => child.stdin.destroy());
      input.pipe(child.stdin);
      child.once('close', () => input.destroy());
    } else child.stdin.end();
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            failed = new ToolTimeout(`${binName(bin)} did not finish in ${opts.timeoutMs} ms`);
            child.kill('SIGKILL');
          }, opts.timeoutMs);
    child.once('close', () => clearTimeout(timer));
    child.stdout.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        if (opts.onStdout) opts.onStdout(chunk);
        else out.push(chunk);
      } catch (e) {
        failed = e;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
      if (err.length > STDERR_KEEP * 2) err = err.slice(-STDERR_KEEP);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (failed) return reject(failed);
      if (code === 0) return resolve({ stdout: Buffer.concat(out), stderr: err });
      const last = err.trim().split('\n').at(-1)?.trim() || (signal ? `killed by ${signal}` : 'no output');
      reject(new ToolError(`${binName(bin)} failed (exit ${code ?? signal}): ${last}`, code, err));
    });
  });
}

const binName = (bin: string) => bin.split(/[\\/]/).at(-1) ?? bin;
