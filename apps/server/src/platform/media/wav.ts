/** 16- or 24-bit PCM WAV from float channels in [-1, 1] (clipped). */
export function encodeWav(channels: Float32Array[], sampleRate: number, bits: 16 | 24 = 16): Buffer {
  const frames = channels[0]?.length ?? 0;
  const bytes = bits / 8;
  const blockAlign = channels.length * bytes;
  const data = frames * blockAlign;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8);
  out.write('fmt ', 12);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels.length, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * blockAlign, 28);
  out.writeUInt16LE(blockAlign, 32);
  out.writeUInt16LE(bits, 34);
  out.write('data', 36);
  out.writeUInt32LE(data, 40);
  const full = bits === 16 ? 32767 : 8388607;
  const n = channels.length;
  if (bits === 16 && out.byteOffset % 2 === 0) {
    // WAV is little-endian, like every platform Node runs on: write the samples through a typed view.
    const view = new Int16Array(out.buffer, out.byteOffset + 44, frames * n);
    for (let c = 0; c < n; c++) {
      const ch = channels[c];
      for (let i = 0; i < frames; i++) view[i * n + c] = Math.round(Math.max(-1, Math.min(1, ch[i])) * full);
    }
    return out;
  }
  let at = 44;
  for (let i = 0; i < frames; i++) {
    for (const ch of channels) {
      const v = Math.round(Math.max(-1, Math.min(1, ch[i])) * full);
      if (bits === 16) out.writeInt16LE(v, at);
      else out.writeIntLE(v, at, 3);
      at += bytes;
    }
  }
  return out;
}

/** Interleaved 32-bit float little-endian PCM (as ffmpeg writes with `-f f32le`) split into channels. */
export function deinterleaveF32(buf: Buffer, channels: number): Float32Array[] {
  const all = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length - (buf.length % 4)));
  const frames = Math.floor(all.length / channels);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) out[c][i] = all[i * channels + c];
  return out;
}
