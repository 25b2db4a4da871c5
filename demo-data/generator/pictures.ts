import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SM, XL, type PictureSet } from './picture-plan';
import { rngFor } from './random';
import { sceneSvg } from './scenes';

/*
 * Renders the pictures of every listing and project to public/catalogue as WebP, from SVG drawn in
 * code. The same SVG and encoder options give the same bytes on every run.
 */

const WEBP = { quality: 60, effort: 4, smartSubsample: false } as const;

async function renderSet(outputDir: string, set: PictureSet): Promise<number> {
  if (set.scenes.length === 0) return 0;
  const folder = join(outputDir, set.folder);
  mkdirSync(folder, { recursive: true });
  for (const [index, scene] of set.scenes.entries()) {
    const svg = Buffer.from(sceneSvg(scene, rngFor(set.seed, index + 1), set.label));
    const n = index + 1;
    await sharp(svg)
      .resize(XL.width, XL.height)
      .webp(WEBP)
      .toFile(join(folder, `${n}-xl.webp`));
    await sharp(svg)
      .resize(SM.width, SM.height)
      .webp(WEBP)
      .toFile(join(folder, `${n}-sm.webp`));
  }
  return set.scenes.length;
}

/** Deletes public/catalogue, then renders every set; returns the number of pictures (sizes counted once). */
export async function renderPictures(outputDir: string, sets: PictureSet[]): Promise<number> {
  rmSync(outputDir, { recursive: true, force: true });
  mkdirSync(outputDir, { recursive: true });
  sharp.cache(false);
  let total = 0;
  const batch = 6;
  for (let start = 0; start < sets.length; start += batch) {
    const counts = await Promise.all(sets.slice(start, start + batch).map((set) => renderSet(outputDir, set)));
    total += counts.reduce((sum, count) => sum + count, 0);
  }
  return total;
}
