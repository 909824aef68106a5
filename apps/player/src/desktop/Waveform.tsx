import { useEffect, useRef, useState } from 'react';
import { formatTime } from '../shared/time.ts';
import { columnsOf, type Peaks, readPeaks } from './peaks.ts';

const peaksCache = new Map<string, Promise<Peaks | null>>();

/** The peaks file of a version, fetched once per page. */
function loadPeaks(url: string): Promise<Peaks | null> {
  let p = peaksCache.get(url);
  if (!p) {
    p = fetch(url, { credentials: 'omit' })
      .then((r) => (r.ok ? r.json() : null))
      .then(readPeaks)
      .catch(() => null);
    peaksCache.set(url, p);
    p.then((v) => v || peaksCache.delete(url));
  }
  return p;
}

const BAR = 2;
const GAP = 1;
const HEIGHT = 56;
const PLAYED = '#c2410c';
const UNPLAYED = '#9aa3b2';
const HEAD = '#141c2b';

export interface WaveformProps {
  peaksUrl: string | null;
  duration: number;
  position: number;
  /** The live position while playing (read every frame). */
  livePosition: () => number;
  playing: boolean;
  disabled: boolean;
  onSeek: (seconds: number) => void;
}

/** The selected version's waveform with the playhead; a slider: click, or arrows/Home/End/Page keys, to seek. */
export function Waveform({ peaksUrl, duration, position, livePosition, playing, disabled, onSeek }: WaveformProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [peaks, setPeaks] = useState<Peaks | null>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let live = true;
    setPeaks(null);
    if (peaksUrl) loadPeaks(peaksUrl).then((p) => live && setPeaks(p));
    return () => {
      live = false;
    };
  }, [peaksUrl]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = canvas.current;
    if (!el || width <= 0) return;
    const dpr = Math.min(3, globalThis.devicePixelRatio || 1);
    el.width = Math.round(width * dpr);
    el.height = Math.round(HEIGHT * dpr);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const count = Math.floor(width / (BAR + GAP));
    const columns = peaks ? columnsOf(peaks, count, duration) : null;
    const draw = (at: number) => {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, HEIGHT);
      const head = duration > 0 ? Math.min(1, Math.max(0, at / duration)) * width : 0;
      for (let c = 0; c < count; c++) {
        const x = c * (BAR + GAP);
        const v = columns ? Math.max(0.04, columns[c]) : 0.04;
        const h = Math.max(2, v * (HEIGHT - 4));
        ctx.fillStyle = x + BAR <= head ? PLAYED : UNPLAYED;
        ctx.fillRect(x, (HEIGHT - h) / 2, BAR, h);
      }
      ctx.fillStyle = HEAD;
      ctx.fillRect(Math.min(width - 2, Math.max(0, head - 1)), 0, 2, HEIGHT);
    };
    draw(position);
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      draw(livePosition());
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [peaks, width, duration, position, playing, livePosition]);

  const seekBy = (delta: number) => onSeek(Math.min(duration, Math.max(0, position + delta)));
  const now = Math.round(position * 10) / 10;
  return (
    <canvas
      ref={canvas}
      className="wave"
      height={HEIGHT}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label="Playback position"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration * 10) / 10}
      aria-valuenow={now}
      aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
      aria-disabled={disabled || undefined}
      onPointerDown={(e) => {
        if (disabled || duration <= 0) return;
        const box = (e.currentTarget as HTMLCanvasElement).getBoundingClientRect();
        onSeek(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)) * duration);
      }}
      onKeyDown={(e) => {
        if (disabled) return;
        const keys: Record<string, () => void> = {
          ArrowLeft: () => seekBy(-5),
          ArrowDown: () => seekBy(-5),
          ArrowRight: () => seekBy(5),
          ArrowUp: () => seekBy(5),
          PageDown: () => seekBy(-15),
          PageUp: () => seekBy(15),
          Home: () => onSeek(0),
          End: () => onSeek(Math.max(0, duration - 0.5)),
        };
        const run = keys[e.key];
        if (run) {
          e.preventDefault();
          run();
        }
      }}
    />
  );
}
