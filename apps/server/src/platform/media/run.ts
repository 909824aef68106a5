import { spawn } from 'node:child_process';

export class ToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

const STDERR_KEEP = 256 * 1024;

/**
 * Runs ffmpeg or ffprobe. Standard output goes to `onStdout` chunk by chunk (PCM can be large), or is collected
 * when no callback is given; standard error is kept (its tail) for parsing and for the error message.
 */
export function runTool(
  bin: string,
  args: string[],
  opts: { onStdout?: (chunk: Buffer) => void } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let failed: unknown = null;
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
