import type { Store } from './client';

/*
 * Uploads kept in the database (UPLOAD_STORE=database): the bytes as base64 text, the same on
 * SQLite and PostgreSQL, under the location the request's `uploads.path` records.
 */

export async function saveUploadContent(store: Store, location: string, bytes: Buffer, now = new Date()): Promise<void> {
  await store.db
    .insertInto('upload_contents')
    .values({ id: location, content: bytes.toString('base64'), created_at: now.toISOString() })
    .execute();
}

export async function readUploadContent(store: Store, location: string): Promise<Buffer | undefined> {
  const row = await store.db.selectFrom('upload_contents').select('content').where('id', '=', location).executeTakeFirst();
  return row ? Buffer.from(row.content, 'base64') : undefined;
}

export async function deleteUploadContents(store: Store, locations: readonly string[]): Promise<void> {
  if (locations.length === 0) return;
  await store.db.deleteFrom('upload_contents').where('id', 'in', locations).execute();
}

/**
 * Bytes saved for a request that was then never stored (its process stopped in between): no
 * request points at them after `before`, so nothing can ever mail them.
 */
export async function pruneOrphanUploadContents(store: Store, before: Date): Promise<number> {
  const result = await store.db
    .deleteFrom('upload_contents')
    .where('created_at', '<', before.toISOString())
    .where((eb) => eb.not(eb.exists(eb.selectFrom('uploads').select('uploads.id').whereRef('uploads.path', '=', 'upload_contents.id'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
