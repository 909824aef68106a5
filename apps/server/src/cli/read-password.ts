/**
 * The password of `npm run user:create` when no `--password` is given: typed at a hidden prompt (twice) on a
 * terminal, else the first line of standard input (`printf '%s\n' "$PASSWORD" | npm run user:create -- …`). Either
 * way it appears neither in the command line npm prints nor in the shell's history.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

type Terminal = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export async function readPassword(input: Terminal = process.stdin, output: Writable = process.stderr) {
  if (!input.isTTY || !input.setRawMode) return firstLine(input);
  const password = await hiddenPrompt(input, output, 'Password: ');
  const again = await hiddenPrompt(input, output, 'Password again: ');
  return password === again ? password : null;
}

async function firstLine(input: Readable): Promise<string> {
  const lines = createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  return '';
}

/** Reads one line with the terminal's echo off: nothing typed is shown. Ctrl-C stops the command. */
function hiddenPrompt(input: Terminal, output: Writable, prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          input.setRawMode?.(false);
          output.write('\n');
          process.exit(130);
        }
        if (char === '\r' || char === '\n') {
          input.off('data', onData);
          input.setRawMode?.(false);
          input.pause();
          output.write('\n');
          resolve(typed);
          return;
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    input.on('data', onData);
  });
}
