import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/image/route';
import { imageUrl } from '@/lib/media/image-url';

const publicDir = path.join(process.cwd(), 'public');

/** The first catalogue listing with pictures, so the test follows a regenerated snapshot. */
function firstCataloguePicture(): string {
  const listing = readdirSync(path.join(publicDir, 'catalogue'))
    .filter((name) => /^\d+$/.test(name))
    .sort()
    .find((name) => existsSync(path.join(publicDir, 'catalogue', name, '1-xl.webp')));
  if (listing === undefined) throw new Error('no catalogue picture in public/catalogue');
  return `/catalogue/${listing}/1-xl.webp`;
}

const picture = firstCataloguePicture();

function get(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return GET(new Request(`http://localhost/api/image/?${query}`, { headers }));
}

async function bodyOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('GET /api/image/', () => {
  it('answers a smaller webp at the asked width, the height following the ratio', async () => {
    const response = await get(`src=${encodeURIComponent(picture)}&width=400&format=webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(await bodyOf(response)).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(400);
    expect(metadata.height).toBe(267);
  });

  it('serves the URLs imageUrl builds', async () => {
    const url = imageUrl(picture, { width: 100, format: 'webp' });
    const response = await GET(new Request(`http://localhost${url}`));
    expect(response.status).toBe(200);
    expect((await sharp(await bodyOf(response)).metadata()).width).toBe(100);
  });

  it('encodes png when asked and fits a height inside the box', async () => {
    const response = await get(`src=${encodeURIComponent(picture)}&height=75&format=png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const metadata = await sharp(await bodyOf(response)).metadata();
    expect(metadata.format).toBe('png');
    expect(metadata.height).toBe(75);
  });

  it('never enlarges a picture beyond its original', async () => {
    const thumbnail = picture.replace('-xl.', '-sm.');
    const response = await get(`src=${encodeURIComponent(thumbnail)}&width=1360`);
    expect(response.status).toBe(200);
    expect((await sharp(await bodyOf(response)).metadata()).width).toBe(250);
  });

  it('lets browsers and CDNs keep a variant for a year, and revalidates by ETag', async () => {
    const query = `src=${encodeURIComponent(picture)}&width=600`;
    const response = await get(query);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(query);
    expect(again.headers.get('etag')).toBe(etag);
    const revalidated = await get(query, { 'If-None-Match': etag ?? '' });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const other = await get(`src=${encodeURIComponent(picture)}&width=400`);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it.each([
    ['a width outside the allowed list', `src=${encodeURIComponent(picture)}&width=123`, 'width must be one of'],
    ['a width written with a leading zero', `src=${encodeURIComponent(picture)}&width=0400`, 'width must be one of'],
    ['a height outside the allowed list', `src=${encodeURIComponent(picture)}&height=100`, 'height must be one of'],
    ['an unknown format', `src=${encodeURIComponent(picture)}&format=gif`, 'format must be webp or png'],
    ['no src', 'width=400', 'src is required'],
    ['a parent-folder escape', `src=${encodeURIComponent('/catalogue/../../package.json')}`, '".."'],
    ['a hidden parent-folder escape', `src=${encodeURIComponent('/images/..%2f..%2fnext.config.ts')}`, '".."'],
    ['a path outside /catalogue and /images', `src=${encodeURIComponent('/favicon.png')}`, 'under /catalogue/ or /images/'],
    ['a folder that only starts like /images', `src=${encodeURIComponent('/images-private/a.png')}`, 'under /catalogue/ or /images/'],
    ['an external URL', `src=${encodeURIComponent('https://example.be/a.webp')}`, 'under /catalogue/ or /images/'],
    ['a backslash', `src=${encodeURIComponent('/catalogue\\4000001\\1-xl.webp')}`, 'forbidden character'],
    ['a NUL byte', `src=${encodeURIComponent('/catalogue/4000001/1-xl.webp\0.png')}`, 'forbidden character'],
    ['a doubled slash', `src=${encodeURIComponent('/catalogue//4000001/1-xl.webp')}`, 'empty or "." segments'],
    ['a file that is not a picture', `src=${encodeURIComponent('/images/logo.svg')}`, '.webp, .jpg, .jpeg or .png'],
    ['an unknown parameter', `src=${encodeURIComponent(picture)}&quality=100`, 'unknown parameter quality'],
    ['a repeated parameter', `src=${encodeURIComponent(picture)}&width=400&width=600`, 'width is given twice'],
  ])('refuses %s with 400 and a plain-text reason', async (_case, query, reason) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain(reason);
  });

  it('answers 404 for a picture that does not exist', async () => {
    const response = await get(`src=${encodeURIComponent('/catalogue/9999999/1-xl.webp')}&width=400`);
    expect(response.status).toBe(404);
    const label = await get(`src=${encodeURIComponent('/images/epc/flanders/z.png')}&format=png`);
    expect(label.status).toBe(404);
  });
});

describe('generated static images', () => {
  const epcLabels = {
    flanders: ['a_plus', 'a', 'b', 'c', 'd', 'e', 'f'],
    brussels: ['a_plus', 'a', 'a_sub', 'b_plus', 'b', 'b_sub', 'c_plus', 'c', 'c_sub', 'd_plus', 'd', 'd_sub', 'e_plus', 'e', 'e_sub', 'f_plus', 'f', 'f_sub', 'g'],
    wallonia: ['a_plusplus', 'a_plus', 'a', 'b', 'c', 'd', 'e', 'f', 'g'],
    luxembourg: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
  };

  it.each(Object.entries(epcLabels))('has a PNG badge for every %s EPC label', async (region, labels) => {
    for (const label of labels) {
      const file = path.join(publicDir, 'images', 'epc', region, `${label}.png`);
      expect(existsSync(file), `${region}/${label}.png`).toBe(true);
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe('png');
      expect(metadata.width).toBe(160);
      expect(metadata.height).toBe(48);
    }
    expect(readdirSync(path.join(publicDir, 'images', 'epc', region)).sort()).toEqual(labels.map((label) => `${label}.png`).sort());
  });

  it('has a 32 × 24 PNG flag for each language', async () => {
    for (const code of ['nl', 'fr', 'en', 'de']) {
      const metadata = await sharp(path.join(publicDir, 'images', 'flags', `${code}.png`)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 32, 24]);
    }
  });

  it('has the logo the site configuration names', () => {
    expect(existsSync(path.join(publicDir, 'images', 'logo.svg'))).toBe(true);
  });
});
