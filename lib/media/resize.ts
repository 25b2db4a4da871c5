/**
 * Server side of the image route (app/api/image): checks a request, reads the picture from
 * public/ and encodes the asked variant with sharp. Server only (sharp, node:fs).
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { allowedHeights, imageFormats, routeWidths, type ImageFormat, type PictureSize } from './image-url';
import { VariantStore } from './variant-store';

// libvips's operation cache (up to 50 MB and 100 operations by default) would keep decoded
// originals for a repeat of the same operation; our variants are kept encoded, in memory and on
// disk, so a repeat never reaches sharp. Measured with tooling/bench/server-memory.ts at 5,000 listings
// (issue 16): 60 pictures grew the server by 136 MB with the cache, by 54-130 MB without it.
sharp.cache(false);

export interface ImageRequest {
  /** Site path of the original, e.g. /catalogue/4000001/1-xl.webp. */
  src: string;
  width?: number;
  height?: number;
  format: ImageFormat;
}

export type ParsedImageRequest = { ok: true; request: ImageRequest } | { ok: false; reason: string };

export interface EncodedImage {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** Strong validator, quoted, derived from the encoded bytes. */
  etag: string;
}

export interface ResizeOptions {
  /** Defaults to public/ in the working directory, where `next start` and the tests run. */
  publicDir?: string;
  /** Defaults to the store of IMAGE_CACHE_DIR (var/image-cache) and IMAGE_CACHE_MB (1,024). */
  store?: VariantStore;
}

/** A logo is a few kB; a larger file is read no further. */
const maxSizedPictureBytes = 10 * 1024 * 1024;
const queryKeys = new Set(['src', 'width', 'height', 'format']);
const servedFolders = ['/catalogue/', '/images/'];
const rasterExtensions = ['.webp', '.jpg', '.jpeg', '.png'];
const maxSrcLength = 300;
const contentTypes: Record<ImageFormat, string> = { webp: 'image/webp', png: 'image/png' };

function isImageFormat(value: string): value is ImageFormat {
  return (imageFormats as readonly string[]).includes(value);
}

/** A whole number from the list, or the reason it is not; `undefined` when the parameter is absent. */
function parseSize(name: string, value: string | null, allowed: readonly number[]): number | string | undefined {
  if (value === null) return undefined;
  const size = /^[1-9]\d{0,4}$/.test(value) ? Number(value) : Number.NaN;
  return allowed.includes(size) ? size : `${name} must be one of ${allowed.join(', ')}`;
}

function checkSrc(src: string | null): string | undefined {
  if (src === null || src === '') return 'src is required';
  if (src.length > maxSrcLength) return 'src is too long';
  // Nothing a file system could read as a separator, terminator or parent folder; and as variants
  // are cached per URL, a path has one spelling only (no empty or "." segments).
  if (/[\\\u0000-\u001f\u007f]/.test(src)) return 'src contains a forbidden character';
  if (src.includes('..')) return 'src must not contain ".."';
  if (!servedFolders.some((folder) => src.startsWith(folder))) return 'src must be under /catalogue/ or /images/';
  if (
    src
      .split('/')
      .slice(1)
      .some((segment) => segment === '' || segment === '.')
  ) {
    return 'src must not contain empty or "." segments';
  }
  const extension = path.posix.extname(src).toLowerCase();
  if (!rasterExtensions.includes(extension)) return 'src must be a .webp, .jpg, .jpeg or .png picture';
  return undefined;
}

/** Validates the query of an image request; the reason is short enough to answer as plain text. */
export function parseImageQuery(params: URLSearchParams): ParsedImageRequest {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (!queryKeys.has(key)) return { ok: false, reason: `unknown parameter ${key.slice(0, 40)}` };
    if (seen.has(key)) return { ok: false, reason: `${key} is given twice` };
    seen.add(key);
  }
  const src = params.get('src');
  const srcProblem = checkSrc(src);
  if (srcProblem !== undefined || src === null) return { ok: false, reason: srcProblem ?? 'src is required' };
  const width = parseSize('width', params.get('width'), routeWidths);
  if (typeof width === 'string') return { ok: false, reason: width };
  const height = parseSize('height', params.get('height'), allowedHeights);
  if (typeof height === 'string') return { ok: false, reason: height };
  const format = params.get('format') ?? 'webp';
  if (!isImageFormat(format)) return { ok: false, reason: 'format must be webp or png' };
  const request: ImageRequest = { src, format };
  if (width !== undefined) request.width = width;
  if (height !== undefined) request.height = height;
  return { ok: true, request };
}

/** Reads the path form of imagePath (the segments after /api/image/) as the query it stands for. */
export function parseImagePath(segments: readonly string[]): ParsedImageRequest {
  const [size, ...rest] = segments;
  const sizes = size === 'original' ? [] : (size ?? '').split('-');
  const last = rest.at(-1) ?? '';
  const dot = last.lastIndexOf('.');
  if (rest.length === 0 || dot <= 0) return { ok: false, reason: 'expected /api/image/{size}/{path}.{format}' };
  const params = new URLSearchParams({ src: `/${[...rest.slice(0, -1), last.slice(0, dot)].join('/')}` });
  for (const part of sizes) {
    const match = /^([wh])(\d+)$/.exec(part);
    const key = match?.[1] === 'w' ? 'width' : match?.[1] === 'h' ? 'height' : undefined;
    if (!match || key === undefined || params.has(key)) return { ok: false, reason: 'size must be w{width}, h{height}, w{width}-h{height} or original' };
    params.set(key, match[2]!);
  }
  params.set('format', last.slice(dot + 1));
  return parseImageQuery(params);
}

/** The file behind `src`, or undefined when there is none inside public/ (symlinks included). */
async function locate(src: string, publicDir: string): Promise<{ file: string; version: string } | undefined> {
  try {
    const root = await realpath(publicDir);
    const file = await realpath(path.join(root, ...src.split('/').filter(Boolean)));
    if (!file.startsWith(root + path.sep)) return undefined;
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    // A replaced picture gets a new cache key, so a redeploy without restart still serves it.
    return { file, version: `${info.size}-${info.mtimeMs}` };
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}

/**
 * Sizes read, per picture and folder: the pictures asked for are the logos data/site names, read
 * once per process as that configuration is (lib/config), so a page's render does no file I/O.
 */
const sizes = new Map<string, PictureSize | undefined>();

/**
 * The width and height a browser gives a picture under public/ (an SVG's own size, a photo's
 * after its orientation), so that a page can reserve its box before it loads; undefined when
 * `src` names no file there or it cannot be read. Synchronous, unlike sharp: a header that
 * awaited it was streamed as a later row of the page's inline data, 130 bytes more on every page.
 */
export function pictureSize(src: string, options: Pick<ResizeOptions, 'publicDir'> = {}): PictureSize | undefined {
  if (!src.startsWith('/') || src.startsWith('//')) return undefined;
  // turbopackIgnore: paths known at run time; traced, the synchronous reads below put the whole
  // project (some 4,400 files) into every route's file trace.
  const publicDir = options.publicDir ?? path.join(/* turbopackIgnore: true */ process.cwd(), 'public');
  const key = `${publicDir}|${src}`;
  if (!sizes.has(key)) sizes.set(key, readPictureSize(src, publicDir));
  return sizes.get(key);
}

function readPictureSize(src: string, publicDir: string): PictureSize | undefined {
  let file: string;
  try {
    const root = realpathSync(path.resolve(/* turbopackIgnore: true */ publicDir));
    file = realpathSync(path.join(/* turbopackIgnore: true */ root, ...(src.split(/[?#]/, 1)[0] ?? src).split('/').filter(Boolean)));
    if (!file.startsWith(root + path.sep)) return undefined;
    const info = statSync(path.resolve(/* turbopackIgnore: true */ file));
    if (!info.isFile() || info.size > maxSizedPictureBytes) return undefined;
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
  try {
    const { width, height, orientation = 1 } = imageSize(readFileSync(path.resolve(/* turbopackIgnore: true */ file)));
    // EXIF orientations 5 to 8 turn the picture a quarter: shown, its sides swap.
    if (!(width > 0 && height > 0)) return undefined;
    return orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return undefined;
  }
}

function isMissingFile(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function encode(file: string, request: ImageRequest): Promise<EncodedImage> {
  let pipeline = sharp(file).autoOrient();
  if (request.width !== undefined || request.height !== undefined) {
    pipeline = pipeline.resize({ width: request.width, height: request.height, fit: 'inside', withoutEnlargement: true });
  }
  pipeline = request.format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.webp({ quality: 80 });
  const output = await pipeline.toBuffer();
  // Copied into a plain ArrayBuffer: Response accepts that, and a slice of Node's shared buffer
  // pool would keep unrelated memory alive as long as the cache holds the variant.
  const body = new Uint8Array(output.byteLength);
  body.set(output);
  return { body, contentType: contentTypes[request.format], etag: etagOf(body) };
}

/** Least recently used variants, bounded by count and by bytes (a 1360 px PNG is a few MB). */
class VariantCache {
  private readonly entries = new Map<string, EncodedImage>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): EncodedImage | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: EncodedImage): void {
    if (entry.body.byteLength > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.byteLength;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.bytes -= entry.body.byteLength;
    this.entries.delete(key);
  }
}

/** The most requested variants, in memory; every variant, bounded in bytes, on disk. */
const cache = new VariantCache(200, 64 * 1024 * 1024);
let defaultStore: VariantStore | undefined;

/** The store of IMAGE_CACHE_DIR (var/image-cache) and IMAGE_CACHE_MB (1,024) that the route reads. */
export function routeVariantStore(): VariantStore {
  defaultStore ??= new VariantStore(
    path.resolve(/* turbopackIgnore: true */ process.env.IMAGE_CACHE_DIR || path.join(/* turbopackIgnore: true */ 'var', 'image-cache')),
    (Number(process.env.IMAGE_CACHE_MB) || 1024) * 1024 * 1024,
  );
  return defaultStore;
}

function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The variant from disk, or encoded and then kept there. */
async function stored(key: string, file: string, request: ImageRequest, store: VariantStore): Promise<EncodedImage> {
  const kept = await store.get(key);
  if (kept !== undefined) return { body: kept, contentType: contentTypes[request.format], etag: etagOf(kept) };
  const encoded = await encode(file, request);
  await store.set(key, encoded.body);
  return encoded;
}
/** Encodings under way, so a burst of requests for a new variant runs sharp once. */
const pending = new Map<string, Promise<EncodedImage>>();

const variantKey = (located: { file: string; version: string }, request: ImageRequest) => [located.file, located.version, request.width ?? '', request.height ?? '', request.format].join('|');

/**
 * Whether resizeImage would run sharp for this request now: a variant kept neither in memory nor
 * in the store, and not being encoded for another request (a picture that does not exist costs none).
 */
export async function needsEncoding(request: ImageRequest, options: ResizeOptions = {}): Promise<boolean> {
  const located = await locate(request.src, options.publicDir ?? path.join(process.cwd(), 'public'));
  if (located === undefined) return false;
  const key = variantKey(located, request);
  return cache.get(key) === undefined && !pending.has(key) && !(await (options.store ?? routeVariantStore()).has(key));
}

/** The encoded variant, or undefined when `src` names no file. Expects a request from parseImageQuery. */
export async function resizeImage(request: ImageRequest, options: ResizeOptions = {}): Promise<EncodedImage | undefined> {
  const publicDir = options.publicDir ?? path.join(process.cwd(), 'public');
  const located = await locate(request.src, publicDir);
  if (located === undefined) return undefined;
  const key = variantKey(located, request);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let encoding = pending.get(key);
  if (encoding === undefined) {
    encoding = stored(key, located.file, request, options.store ?? routeVariantStore()).finally(() => pending.delete(key));
    pending.set(key, encoding);
  }
  const encoded = await encoding;
  cache.set(key, encoded);
  return encoded;
}

/**
 * Encodes ahead the variants the pages will ask of a picture, into the store the route reads, so
 * that its first visitor waits for no sharp (the CRM pull, for each new picture: issue 36). The
 * same keys and encoder as the route; nothing is kept in this process's memory. Returns how many
 * were encoded (those already stored cost a lookup).
 */
export async function prepareVariants(src: string, requests: readonly Omit<ImageRequest, 'src'>[], options: ResizeOptions & { store: VariantStore }): Promise<number> {
  const located = await locate(src, options.publicDir ?? path.join(process.cwd(), 'public'));
  if (located === undefined) return 0;
  const { store } = options;
  let encoded = 0;
  for (const variant of requests) {
    const request: ImageRequest = { ...variant, src };
    const key = variantKey(located, request);
    if (pending.has(key) || (await store.has(key))) continue;
    await store.set(key, (await encode(located.file, request)).body);
    encoded += 1;
  }
  return encoded;
}
