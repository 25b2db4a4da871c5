import { checkedCatalogue } from './checked-catalogue';
import { formatEuro } from '@/lib/format';

/*
 * What the agency hides of a listing (PublishAddress, PublishPrice) or a project (PublicAddress),
 * read from the raw CRM records, as patterns to look for in everything the site ships: pages,
 * map data, search index, JSON-LD, sitemap. Shared by the unit test (data outputs) and the browser
 * test (every served answer).
 */

export type HiddenFact = { what: string; pattern: RegExp };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Street and number together, in either order ("Place communale 141", "141, place communale"). */
function addressPatterns(owner: string, street: string, number: string): HiddenFact[] {
  if (!street || !number) return [];
  return [
    { what: `${owner} street and number`, pattern: new RegExp(`${escape(street)}\\W{1,3}${escape(number)}(?![\\dA-Za-z])`, 'i') },
    { what: `${owner} number and street`, pattern: new RegExp(`(?<![\\d])${escape(number)},?\\s+${escape(street)}`, 'i') },
  ];
}

/** The exact coordinate as JSON or HTML would write it; a value already at town precision hides nothing. */
function coordinatePattern(owner: string, value: number | null | undefined): HiddenFact[] {
  if (value == null) return [];
  const text = String(value);
  if ((text.split('.')[1] ?? '').length <= 2) return [];
  return [{ what: `${owner} exact coordinate ${text}`, pattern: new RegExp(`(?<![\\d.])${escape(text)}(?!\\d)`) }];
}

/** An amount as a page or JSON may write it: "€ 365.000", "365.000", "365 000", 365000. */
function amountPatterns(owner: string, what: string, amount: number | null | undefined): HiddenFact[] {
  if (amount == null || amount < 1000) return [];
  const grouped = formatEuro(amount).replace(/^€\s*/, '');
  const digits = String(amount);
  const spaced = grouped.replace(/\./g, '[\\s\\u00a0\\u202f]');
  return [{ what: `${owner} ${what} ${digits}`, pattern: new RegExp(`(?<![\\d.,])(?:${escape(grouped)}|${spaced}|${digits})(?![\\d]|[.,]\\d)`) }];
}

export type HiddenFacts = {
  /** Facts that must appear in no output at all. */
  everywhere: HiddenFact[];
  /** Facts that only identify a listing on its own pages (its detail pages, its project's page). */
  ownPages: { propertyId: number; projectId: number | null; facts: HiddenFact[] }[];
};

export function hiddenFacts(): HiddenFacts {
  const { properties, projects } = checkedCatalogue();
  const everywhere: HiddenFact[] = [];
  const ownPages: HiddenFacts['ownPages'] = [];
  const publicAmounts = new Set([
    ...properties.filter((property) => property.PublishPrice).map((property) => property.Price),
    ...projects.flatMap((project) => project.Units.filter((unit) => properties.find((property) => property.ID === unit.PropertyID)?.PublishPrice).map((unit) => unit.Price)),
  ]);
  const seen = new Set<number>();
  for (const property of properties) {
    if (seen.has(property.ID)) continue;
    seen.add(property.ID);
    const owner = `listing ${property.ID}`;
    const facts: HiddenFact[] = [];
    if (!property.PublishAddress) {
      everywhere.push(...addressPatterns(owner, property.Street, property.HouseNumber));
      everywhere.push(...coordinatePattern(owner, property.GoogleX), ...coordinatePattern(owner, property.GoogleY));
      facts.push({ what: `${owner} street`, pattern: new RegExp(escape(property.Street), 'i') });
    }
    if (!property.PublishPrice) {
      const price = amountPatterns(owner, 'hidden price', property.Price);
      facts.push(...price);
      // Another listing may ask the same amount openly; only then is the amount alone no leak.
      if (!publicAmounts.has(property.Price)) everywhere.push(...price);
      // Fees and duties are fixed shares of the price: they would give it away.
      facts.push(
        ...amountPatterns(owner, 'notary fee', property.NotaryFee),
        ...amountPatterns(owner, 'registration duties', property.RegistrationRights),
        ...amountPatterns(owner, 'VAT', property.VAT),
        ...amountPatterns(owner, 'deposit', property.Deposit),
      );
    }
    if (facts.length > 0) ownPages.push({ propertyId: property.ID, projectId: property.ProjectID ?? null, facts });
  }
  const seenProjects = new Set<number>();
  for (const project of projects) {
    if (project.PublicAddress || seenProjects.has(project.ID)) continue;
    seenProjects.add(project.ID);
    everywhere.push(...addressPatterns(`project ${project.ID}`, project.Street, project.HouseNumber));
    everywhere.push(...coordinatePattern(`project ${project.ID}`, project.GoogleX), ...coordinatePattern(`project ${project.ID}`, project.GoogleY));
  }
  return { everywhere, ownPages };
}

/** The facts found in a text, as readable messages. */
export function leaks(text: string, facts: readonly HiddenFact[]): string[] {
  return facts.filter((fact) => fact.pattern.test(text)).map((fact) => `${fact.what} (${fact.pattern.source})`);
}
