import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where ffmpeg and ffprobe are: FFMPEG_PATH / FFPROBE_PATH when set, else the system's on PATH, else the static
 * builds shipped inside npm packages (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe), so `npm ci` is enough.
 */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** 'system' when both come from PATH (or the environment), else 'npm' (at least one is the shipped build). */
  source: 'system' | 'npm';
}

let found: MediaTools | undefined;

export function mediaTools(): MediaTools {
  if (found) return found;
  const require = createRequire(import.meta.url);
  const ffmpeg = process.env.FFMPEG_PATH || onPath('ffmpeg');
  const ffprobe = process.env.FFPROBE_PATH || onPath('ffprobe');
  found = {
    ffmpeg: ffmpeg ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: ffprobe ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
    source: ffmpeg && ffprobe ? 'system' : 'npm',
  };
  return found;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, process.platform === 'win32' ? `${name}.exe` : name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}
