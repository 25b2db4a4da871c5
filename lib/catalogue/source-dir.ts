import { resolveDataDir } from '../data-file';
import { currentCatalogueDir } from './crm/catalogue-folder';

/*
 * The one place that decides which folder the site reads its catalogue from (the loader, the
 * checks, the documents; the pictures live in public/ whatever the source). CATALOGUE_DIR wins
 * (the bench's scaled catalogues, tests); with the CRM configured, the version that
 * var/catalogue/current names; with nothing configured, the embedded snapshot.
 */

const bundledDir = 'data/catalogue';
/**
 * Not a setting: written by next.config.ts so that the build's page workers, and the server's
 * documents, read the version its check read, even when a pull publishes another meanwhile.
 */
const pinnedVariable = 'CATALOGUE_PINNED_DIR';

export type CatalogueFolder = { ok: true; dir: string; pulled: boolean } | { ok: false; problem: string };

/** The same test as omnicasaConfigFromEnv's: OMNICASA_URL set means the site follows the CRM. */
function crmConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OMNICASA_URL?.trim());
}

/** var/catalogue: where the pull writes its versions and the pointer. */
export function pulledCataloguesDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolveDataDir(env.CATALOGUE_PULL_DIR, 'var/catalogue');
}

export function catalogueFolder(env: NodeJS.ProcessEnv = process.env): CatalogueFolder {
  if (env.CATALOGUE_DIR) return { ok: true, dir: resolveDataDir(env.CATALOGUE_DIR, bundledDir), pulled: false };
  if (!crmConfigured(env)) return { ok: true, dir: resolveDataDir(undefined, bundledDir), pulled: false };
  const pinned = env[pinnedVariable];
  if (pinned) return { ok: true, dir: pinned, pulled: true };
  const dir = currentCatalogueDir(pulledCataloguesDir(env));
  if (dir) return { ok: true, dir, pulled: true };
  return { ok: false, problem: 'The CRM is configured (OMNICASA_URL) but no catalogue has been pulled yet: run `npm run catalogue:pull` first, then build or start again.' };
}

/**
 * Where this process finds the files its catalogue names (the documents): its folder, then, for a
 * pinned pulled version, the newest one, since a server that stays up while pulls publish sees its
 * own version pruned after a few (pull.ts keeps five).
 */
export function servedCatalogueDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const folder = catalogueFolder(env);
  if (!folder.ok) return [];
  const newest = folder.pulled ? currentCatalogueDir(pulledCataloguesDir(env)) : undefined;
  return newest && newest !== folder.dir ? [folder.dir, newest] : [folder.dir];
}

/** The folder, fixed for this process and the processes it starts from now on. */
export function pinCatalogueFolder(env: NodeJS.ProcessEnv = process.env): CatalogueFolder {
  const folder = catalogueFolder(env);
  if (folder.ok && folder.pulled) env[pinnedVariable] = folder.dir;
  return folder;
}

/** A reloaded version becomes the process's folder (lib/catalogue/load.ts serveCatalogue). */
export function pinCatalogueDir(dir: string, env: NodeJS.ProcessEnv = process.env): void {
  env[pinnedVariable] = dir;
}
