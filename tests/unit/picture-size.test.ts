import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widthAtHeight } from '@/lib/media/image-url';
import { pictureSize } from '@/lib/media/resize';

/*
 * The header's and the home search's logo reserve their box from the file's own proportions
 * (issue 40 item 3): the shipped 360 x 100 SVG was drawn at 168 x 56 until it loaded, then grew.
 */

describe('pictureSize', () => {
  let root: string;
  let publicDir: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'picture-size-'));
    publicDir = path.join(root, 'public');
    mkdirSync(path.join(publicDir, 'images'), { recursive: true });
    writeFileSync(path.join(publicDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="100" viewBox="0 0 360 100"><rect width="360" height="100"/></svg>');
    writeFileSync(path.join(publicDir, 'images', 'box.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10"/></svg>');
    await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1d4e89' } })
      .png()
      .toFile(path.join(publicDir, 'images', 'logo.png'));
    // Orientation 6: stored 300 x 120, shown 120 x 300.
    await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1d4e89' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path.join(publicDir, 'images', 'turned.jpg'));
    writeFileSync(path.join(publicDir, 'images', 'broken.png'), 'not a picture');
    writeFileSync(path.join(root, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    symlinkSync(path.join(root, 'secret.svg'), path.join(publicDir, 'images', 'outside.svg'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads an SVG its own width and height, or its viewBox', async () => {
    expect(pictureSize('/images/logo.svg', { publicDir })).toEqual({ width: 360, height: 100 });
    expect(pictureSize('/images/box.svg?v=2', { publicDir })).toEqual({ width: 40, height: 10 });
  });

  it('reads a raster picture its size as shown, after its orientation', async () => {
    expect(pictureSize('/images/logo.png', { publicDir })).toEqual({ width: 300, height: 120 });
    expect(pictureSize('/images/turned.jpg', { publicDir })).toEqual({ width: 120, height: 300 });
  });

  it('knows no size for a missing, broken, remote or outside file', async () => {
    expect(pictureSize('/images/none.svg', { publicDir })).toBeUndefined();
    expect(pictureSize('/images/broken.png', { publicDir })).toBeUndefined();
    expect(pictureSize('https://cdn.example.be/logo.svg', { publicDir })).toBeUndefined();
    expect(pictureSize('//cdn.example.be/logo.svg', { publicDir })).toBeUndefined();
    expect(pictureSize('/../secret.svg', { publicDir })).toBeUndefined();
    expect(pictureSize('/images/outside.svg', { publicDir })).toBeUndefined();
  });

  it('gives the width at a height from the proportions, 3:1 when unknown', () => {
    expect(widthAtHeight({ width: 360, height: 100 }, 56)).toBe(202);
    expect(widthAtHeight({ width: 300, height: 120 }, 75)).toBe(188);
    expect(widthAtHeight(undefined, 56)).toBe(168);
  });
});
