import sharp from 'sharp';
import type { Route } from '@playwright/test';

/*
 * A small raster PMTiles archive (spec version 3), written here so that no map data ships with the
 * site: one 256-px PNG addressed by every tile of zoom 0 to maxZoom through run-length entries.
 */

function varints(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      out.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    out.push(value);
  }
  return out;
}

const firstTileId = (zoom: number) => (4 ** zoom - 1) / 3;

export async function pmtilesArchive(maxZoom: number): Promise<Buffer> {
  const tile = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#dfe9d8"/><path d="M0 .5H256M.5 0V256" stroke="#9fb59a"/><circle cx="128" cy="128" r="40" fill="#b9d3e8"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const zooms = Array.from({ length: maxZoom + 1 }, (_, zoom) => zoom);
  let previous = 0;
  const deltas = zooms.map((zoom) => {
    const delta = firstTileId(zoom) - previous;
    previous = firstTileId(zoom);
    return delta;
  });
  // Every entry points at offset 0 (written as 0 + 1): the one tile.
  const directory = Buffer.from(varints([zooms.length, ...deltas, ...zooms.map((zoom) => 4 ** zoom), ...zooms.map(() => tile.length), ...zooms.map(() => 1)]));
  const metadata = Buffer.from('{}');
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const tileOffset = metadataOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileOffset);
  u64(48, 0);
  u64(56, tileOffset);
  u64(64, tile.length);
  u64(
    72,
    zooms.reduce((sum, zoom) => sum + 4 ** zoom, 0),
  );
  u64(80, zooms.length);
  u64(88, 1);
  header.writeUInt8(0, 96); // not clustered
  header.writeUInt8(1, 97); // directories not compressed
  header.writeUInt8(1, 98); // tiles not compressed
  header.writeUInt8(2, 99); // PNG
  header.writeUInt8(0, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (offset: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), offset);
  e7(102, -180);
  e7(106, -85);
  e7(110, 180);
  e7(114, 85);
  header.writeUInt8(7, 118);
  e7(119, 4.4);
  e7(123, 50.5);
  return Buffer.concat([header, directory, metadata, tile]);
}

/** Answers the range requests of the pmtiles library as a static host does (206 with the slice). */
export function serveArchive(archive: Buffer, onRequest?: () => void) {
  return (route: Route) => {
    onRequest?.();
    const range = /^bytes=(\d+)-(\d+)$/.exec(route.request().headers()['range'] ?? '');
    if (!range) return route.fulfill({ status: 200, body: archive, headers: { 'content-type': 'application/octet-stream' } });
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), archive.length - 1);
    return route.fulfill({
      status: 206,
      body: archive.subarray(start, end + 1),
      headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes ${start}-${end}/${archive.length}`, 'accept-ranges': 'bytes' },
    });
  };
}
