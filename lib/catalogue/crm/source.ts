import { getSite } from '../../config';
import { catalogueLanguages } from '../schemas';
import type { CatalogueConnector } from './connector';
import { OmnicasaConnector, omnicasaConfigFromEnv } from './omnicasa-connector';

/*
 * Where the catalogue comes from is one setting: nothing configured, the embedded snapshot
 * (data/catalogue) as always; OMNICASA_URL with its credentials, the CRM. The languages default to
 * every language the catalogue holds (nl, fr, en, de): the site's checks want each listing in each.
 */
export function catalogueConnectorFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogueConnector | undefined {
  const config = omnicasaConfigFromEnv(env, catalogueLanguages);
  if (!config) return undefined;
  const { cdnHost, legacyImageHosts } = getSite().siteInfo;
  return new OmnicasaConnector(config, { cdnHost, legacyHosts: legacyImageHosts });
}
