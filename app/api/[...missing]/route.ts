/*
 * Every path the proxy does not see (its matcher leaves out the API, Next.js's files and the
 * public folders) that no route or file answers. Without this route such a path reached the
 * pages under [lang] as a language, where Next.js rendered its 404 on demand and kept it on disk:
 * one file per path asked for (next.config.ts rewrites the public folders' missing files here).
 */
import { missing } from '@/lib/security/missing-route';

export const dynamic = 'force-dynamic';

export const GET = missing;
export const HEAD = missing;
export const POST = missing;
