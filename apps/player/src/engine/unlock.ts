let silentElement: HTMLAudioElement | undefined;

/**
 * Lets audio out: resumes the context inside the user's gesture (autoplay policy) and, on iOS, asks for the
 * playback audio session so the ring/silent switch does not mute the player (Safari 17's audioSession API,
 * else the long-standing trick of a playing, silent media element).
 */
export async function unlockAudio(context: BaseAudioContext): Promise<void> {
  if (!(context instanceof AudioContext)) return; // an offline render needs no unlocking
  const nav = navigator as Navigator & { audioSession?: { type: string } };
  if (nav.audioSession) nav.audioSession.type = 'playback';
  else if (/iPad|iPhone|iPod/.test(navigator.userAgent) && !silentElement) {
    silentElement = new Audio(silentWavUrl());
    silentElement.loop = true;
    silentElement.setAttribute('x-webkit-airplay', 'deny');
    void silentElement.play().catch(() => undefined);
  }
  if (context.state !== 'running') await context.resume();
}

/** 0.1 s of silence: 8 kHz, 8-bit, mono WAV. */
function silentWavUrl(): string {
  const n = 800;
  const b = new Uint8Array(44 + n).fill(128);
  const v = new DataView(b.buffer);
  const tag = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) b[at + i] = s.charCodeAt(i);
  };
  tag(0, 'RIFF');
  v.setUint32(4, 36 + n, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 8000, true);
  v.setUint32(28, 8000, true);
  v.setUint16(32, 1, true);
  v.setUint16(34, 8, true);
  tag(36, 'data');
  v.setUint32(40, n, true);
  return URL.createObjectURL(new Blob([b], { type: 'audio/wav' }));
}
