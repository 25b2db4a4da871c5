import { createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '../config/schemas';

/*
 * The spoken code of the no-JavaScript captcha (design.md §9: no challenge may need sight). The
 * digits were recorded once by scripts/generate-captcha-audio.ts into assets/captcha-digits, a
 * folder outside public/ that only this module reads: a script that could fetch the clips by name
 * would match them byte for byte. Each token's code is mixed with its own speed, loudness, gaps,
 * noise and reversed speech underneath, drawn from a secret seed: no two tokens' recordings, and no
 * recording and a stored clip, share their bytes. The same token plays the same bytes, so that a
 * player may fetch the file in ranges (Safari does) and a script gains nothing by asking again.
 */

export const captchaClipFormat = { sampleRate: 8000, bitsPerSample: 16 } as const;

export function captchaDigitsDir(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'assets', 'captcha-digits');
}

/** The samples of a PCM WAV of `captchaClipFormat`, from -1 to 1; anything else is an error in the committed files. */
function samplesOf(wav: Buffer, file: string): Float32Array {
  if (wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') throw new Error(`${file} is not a WAV file`);
  let format: { channels: number; rate: number; bits: number; pcm: boolean } | undefined;
  for (let offset = 12; offset + 8 <= wav.length;) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') format = { pcm: wav.readUInt16LE(body) === 1, channels: wav.readUInt16LE(body + 2), rate: wav.readUInt32LE(body + 4), bits: wav.readUInt16LE(body + 14) };
    if (id === 'data') {
      if (!format?.pcm || format.channels !== 1 || format.rate !== captchaClipFormat.sampleRate || format.bits !== captchaClipFormat.bitsPerSample) {
        throw new Error(`${file} is not ${captchaClipFormat.sampleRate} Hz mono ${captchaClipFormat.bitsPerSample}-bit PCM: run scripts/generate-captcha-audio.ts`);
      }
      const count = Math.floor(Math.min(size, wav.length - body) / 2);
      const samples = new Float32Array(count);
      for (let index = 0; index < count; index += 1) samples[index] = wav.readInt16LE(body + index * 2) / 32768;
      return samples;
    }
    offset = body + size + (size % 2);
  }
  throw new Error(`${file} has no audio data`);
}

const clips = new Map<Language, readonly Float32Array[]>();

/** The ten digits of a language, read once per process. */
function digitClips(language: Language): readonly Float32Array[] {
  const known = clips.get(language);
  if (known) return known;
  const loaded = Array.from({ length: 10 }, (_, digit) => {
    const file = path.join(captchaDigitsDir(), language, `${digit}.wav`);
    return samplesOf(readFileSync(file), file);
  });
  clips.set(language, loaded);
  return loaded;
}

type Draws = { between(min: number, max: number): number; below(count: number): number; bytes(count: number): Buffer };

/** Random numbers from `seed` (32 bytes): the AES-256-CTR key stream, unpredictable without the seed. */
function drawsFrom(seed: Buffer): Draws {
  const stream = createCipheriv('aes-256-ctr', seed, Buffer.alloc(16));
  const bytes = (count: number) => stream.update(Buffer.alloc(count));
  const unit = () => bytes(4).readUInt32LE(0) / 2 ** 32;
  return { bytes, between: (min, max) => min + unit() * (max - min), below: (count) => Math.floor(unit() * count) };
}

const seconds = (value: number) => Math.round(value * captchaClipFormat.sampleRate);

/** The clip played `speed` times as fast (linear interpolation): a jitter of a few percent changes every sample and keeps the digit clear. */
function resampled(clip: Float32Array, speed: number): Float32Array {
  const out = new Float32Array(Math.floor((clip.length - 1) / speed));
  for (let index = 0; index < out.length; index += 1) {
    const position = index * speed;
    const before = Math.floor(position);
    const fraction = position - before;
    out[index] = (clip[before] ?? 0) * (1 - fraction) + (clip[before + 1] ?? 0) * fraction;
  }
  return out;
}

function wavFile(samples: Float32Array): Buffer {
  const { sampleRate, bitsPerSample } = captchaClipFormat;
  const dataBytes = samples.length * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE((sampleRate * bitsPerSample) / 8, 28);
  wav.writeUInt16LE(bitsPerSample / 8, 32);
  wav.writeUInt16LE(bitsPerSample, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  samples.forEach((sample, index) => wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), 44 + index * 2));
  return wav;
}

/** `code` (digits only) read out in `language`, as a WAV file; `seed` (32 secret bytes) chooses the mix. */
export function captchaWav(code: string, language: Language, seed: Buffer): Buffer {
  const { between, below, bytes } = drawsFrom(seed);
  const voice = digitClips(language);
  const spoken = [...code].map((digit) => resampled(voice[Number(digit)] ?? new Float32Array(0), between(0.9, 1.1)));
  const lead = seconds(between(0.3, 0.7));
  const gaps = spoken.map((_, index) => (index === spoken.length - 1 ? seconds(between(0.4, 0.6)) : seconds(between(0.35, 0.8))));
  const total = lead + spoken.reduce((sum, clip, index) => sum + clip.length + (gaps[index] ?? 0), 0);
  const mix = new Float32Array(total);
  let at = lead;
  spoken.forEach((clip, index) => {
    const gain = between(0.6, 0.9);
    clip.forEach((sample, offset) => {
      mix[at + offset] = (mix[at + offset] ?? 0) + sample * gain;
    });
    at += clip.length + (gaps[index] ?? 0);
  });
  // Quiet reversed digits anywhere: a listener hears them as murmur, a matcher of clips as speech.
  for (let count = 0; count < code.length; count += 1) {
    const murmur = resampled(voice[below(10)] ?? new Float32Array(0), between(0.8, 1.2)).reverse();
    const start = below(Math.max(1, total - murmur.length));
    const gain = between(0.06, 0.12);
    murmur.forEach((sample, offset) => {
      if (start + offset < total) mix[start + offset] = (mix[start + offset] ?? 0) + sample * gain;
    });
  }
  const noise = bytes(total);
  const level = between(0.015, 0.03);
  for (let index = 0; index < total; index += 1) mix[index] = (mix[index] ?? 0) + ((noise[index] ?? 128) / 128 - 1) * level;
  return wavFile(mix);
}
