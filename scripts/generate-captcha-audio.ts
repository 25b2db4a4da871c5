/*
 * npx tsx scripts/generate-captcha-audio.ts
 * Writes the spoken digits of the no-JavaScript captcha's audio alternative
 * (assets/captcha-digits/{language}/{digit}.wav), read by lib/forms/captcha-audio.ts. Needs
 * espeak-ng and sox on the machine that runs it (Debian: apt-get install espeak-ng sox); the
 * server reads the committed files and needs neither. Two runs give byte-identical files.
 *
 * 8 kHz mono 16-bit PCM, silence trimmed at both ends: telephone quality, which is what digits
 * need, and about 7 kB a digit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { supportedLanguages, type Language } from '../lib/config/schemas';
import { captchaClipFormat, captchaDigitsDir } from '../lib/forms/captcha-audio';

const root = process.cwd();
if (!existsSync(join(root, 'next.config.ts'))) throw new Error('run the script from the project root');

/** espeak-ng's voice per site language; French is read as in France, which Belgian visitors understand digit for digit. */
const voices: Record<Language, string> = { nl: 'nl', fr: 'fr-fr', en: 'en-gb', de: 'de' };

/** Writes one digit's clip to `file` (sox writes to a file, not a pipe, so that the WAV header holds the real length). */
function writeDigit(language: Language, digit: number, file: string): number {
  // A little slower than espeak's default 175 words a minute: each digit stands alone.
  const speech = execFileSync('espeak-ng', ['-v', voices[language], '-s', '150', '--stdout', String(digit)]);
  const { sampleRate } = captchaClipFormat;
  // -D: no dither, so that the output depends on the input alone; silence trimmed at both ends,
  // then peaks at -1 dBFS, so that every digit starts from the same loudness.
  execFileSync(
    'sox',
    [
      '-D',
      '-t',
      'wav',
      '-',
      '-r',
      String(sampleRate),
      '-c',
      '1',
      '-b',
      '16',
      '-e',
      'signed-integer',
      file,
      'silence',
      '1',
      '0.01',
      '0.5%',
      'reverse',
      'silence',
      '1',
      '0.01',
      '0.5%',
      'reverse',
      'norm',
      '-1',
    ],
    { input: speech },
  );
  return statSync(file).size;
}

function main(): void {
  const dir = captchaDigitsDir();
  let bytes = 0;
  for (const language of supportedLanguages) {
    mkdirSync(join(dir, language), { recursive: true });
    for (let digit = 0; digit <= 9; digit += 1) bytes += writeDigit(language, digit, join(dir, language, `${digit}.wav`));
  }
  console.log(`${dir}: ${supportedLanguages.length * 10} files, ${(bytes / 1024).toFixed(1)} KiB`);
}

main();
