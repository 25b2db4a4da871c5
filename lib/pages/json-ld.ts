import type { Graph, RealEstateAgent, Thing } from 'schema-dts';
import type { Language } from '../config';
import { agencyNode, breadcrumbNode, jsonLdGraph } from '../seo/json-ld';
import { breadcrumbTrail, href, pageJsonLdOf, type Route, type Translate } from './index';

/** The agency as search engines read it, on every page. */
export const agencyJsonLd = (language: Language): RealEstateAgent => agencyNode(language, href({ page: 'home' }, language));

/** Everything a page says about itself, as one JSON-LD graph: the agency, the breadcrumb, and what its kind adds. */
export function pageJsonLd(route: Route | undefined, language: Language, t: Translate): Graph {
  const nodes: Thing[] = [agencyJsonLd(language)];
  if (route) {
    const trail = breadcrumbTrail(route, language, t);
    if (trail.length > 1) nodes.push(breadcrumbNode(trail.map((crumb) => ({ name: crumb.name, url: href(crumb.route, language) }))));
    nodes.push(...pageJsonLdOf(route, language));
  }
  return jsonLdGraph(nodes);
}
