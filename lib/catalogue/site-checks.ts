import type { Localised } from '../config/schemas';
import type { DataIssue } from '../data-file';
import type { CatalogueSnapshot } from './load';
import { statusStateOf } from './listing-view';
import { isAbsolutePictureUrl, picturePathProblem } from './pictures';

/*
 * The catalogue checked against data/site (lib/data-check passes the facts it needs): a listing's
 * manager is a team member under the same name, its marquee is in the marquee table and agrees with
 * its status, its pictures are files of this site. Raw CRM codes are compared here, inside
 * lib/catalogue, like everywhere else.
 */

/** A localised name in one language, as the pages pick it (the language, its capitals, then the default). */
function nameIn(content: Localised, language: string, fallback: string): string {
  if (typeof content === 'string') return content;
  return content[language] ?? content[language.toUpperCase()] ?? content[fallback] ?? '';
}

const hostOf = (url: string): string => {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
};
const bareHost = (host: string) => hostOf(/^([a-z][a-z\d+.-]*:)?\/\//i.test(host) ? host : `https://${host}`);

/**
 * A picture on another host cannot be shown: the pages' security policy loads pictures from the
 * site only, and the image route resizes files of public/ only. An old CRM image host
 * (siteInfo.legacyImageHosts) is named as such, with the path to copy the file to.
 */
function pictureHostIssue(url: string, legacyHosts: ReadonlySet<string>): string {
  const host = hostOf(url);
  const pathPart = url.replace(/^([a-z][a-z\d+.-]*:)?\/\/[^/?#]*/i, '') || '/';
  const local = picturePathProblem(pathPart) === undefined ? pathPart : '/catalogue/4000001/1-xl.webp';
  if (legacyHosts.has(host)) {
    return `"${url}" is on ${host}, an old image host of the CRM (data/site/site.json siteInfo.legacyImageHosts) that the site no longer shows pictures from: copy the file into public/catalogue/ and write its path, such as ${local}`;
  }
  return `"${url}" is on another site (${host || 'no host'}): the site shows only its own pictures, files under public/catalogue/; copy the file there and write its path, such as ${local}`;
}

/** What the catalogue is checked against in data/site. */
export type SiteFacts = {
  team: ReadonlyArray<{ email: string; name: string }>;
  marquees: ReadonlyArray<{ id: number; name: Localised; meaning: string }>;
  legacyImageHosts: readonly string[];
  languageDefault: string;
};

/** The catalogue against data/site: managers in the team, marquees in the table, pictures on this site only. */
export function siteFactIssues(catalogue: CatalogueSnapshot, facts: SiteFacts): DataIssue[] {
  const issues: DataIssue[] = [];
  const teamByEmail = new Map(facts.team.map((member) => [member.email.toLowerCase(), member]));
  const marquees = new Map(facts.marquees.map((marquee) => [marquee.id, marquee]));
  const legacyHosts = new Set(facts.legacyImageHosts.map(bareHost).filter((host) => host !== ''));
  const fallbackLanguage = facts.languageDefault;
  const pictureIssues = (file: string, record: DataIssue['record'], pictures: ReadonlyArray<readonly [string, { Url: string } | null]>) => {
    for (const [field, picture] of pictures) {
      if (picture && isAbsolutePictureUrl(picture.Url)) issues.push({ file, record, field, message: pictureHostIssue(picture.Url, legacyHosts) });
    }
  };
  catalogue.properties.forEach((property, index) => {
    const file = 'data/catalogue/properties.json';
    const record = { index, label: `ID ${property.ID}, ${property.language}` };
    const member = teamByEmail.get(property.ManagerEmail.toLowerCase());
    if (!member) {
      issues.push({ file, record, field: 'ManagerEmail', message: `"${property.ManagerEmail}" is not a member of data/site/team.json` });
    } else if (member.name.trim().toLowerCase() !== property.ManagerName.trim().toLowerCase()) {
      // The listing page shows ManagerName beside the member's e-mail: two people in one contact box.
      issues.push({
        file,
        record,
        field: 'ManagerName',
        message: `"${property.ManagerName}" is not the name of ${property.ManagerEmail} in data/site/team.json, who is "${member.name}": write "${member.name}", or the e-mail of ${property.ManagerName}`,
      });
    }
    const marquee = marquees.get(property.Marquee);
    if (!marquee) {
      issues.push({ file, record, field: 'Marquee', message: `marquee ${property.Marquee} is not in the marquee table of data/site/site.json` });
    } else {
      const name = nameIn(marquee.name, property.language, fallbackLanguage);
      if (property.Marquee !== 0 && property.MarqueeName !== name) {
        issues.push({
          file,
          record,
          field: 'MarqueeName',
          message: `"${property.MarqueeName}" is not the name of marquee ${property.Marquee} in "${property.language}", which data/site/site.json calls "${name}": write "${name}" (the ribbon on the listing's card shows this text)`,
        });
      }
      // An option qualifies a listing on offer (listing-view.ts): on a sold one it would say nothing.
      const needs = marquee.meaning === 'sold' ? 2 : marquee.meaning === 'rented' ? 4 : marquee.meaning === 'option' ? 1 : undefined;
      if (needs !== undefined && property.Status !== needs) {
        issues.push({
          file,
          record,
          field: 'Marquee',
          message: `marquee ${property.Marquee} ("${name}") says the listing is ${marquee.meaning === 'option' ? 'under option' : marquee.meaning}, but its Status is ${property.Status} (${statusStateOf(property).replace('-', ' ')}): set Status to ${needs}, or pick a marquee that fits (0 for none)`,
        });
      }
    }
    pictureIssues(file, record, [
      ['SmallPictureItem.Url', property.SmallPictureItem],
      ['XLargePictureItem.Url', property.XLargePictureItem],
      ...property.SmallPictureItems.map((picture, position) => [`SmallPictureItems.${position}.Url`, picture] as const),
      ...property.XLargePictureItems.map((picture, position) => [`XLargePictureItems.${position}.Url`, picture] as const),
    ]);
  });
  catalogue.projects.forEach((project, index) => {
    const file = 'data/catalogue/projects.json';
    const record = { index, label: `ID ${project.ID}, ${project.language}` };
    if (!teamByEmail.has(project.ManagerEmail.toLowerCase())) {
      issues.push({ file, record, field: 'ManagerEmail', message: `"${project.ManagerEmail}" is not a member of data/site/team.json` });
    }
    pictureIssues(file, record, [
      ['SmallPictureItem.Url', project.SmallPictureItem],
      ['XLargePictureItem.Url', project.XLargePictureItem],
      ...project.XLargePictureItems.map((picture, position) => [`XLargePictureItems.${position}.Url`, picture] as const),
    ]);
  });
  return issues;
}
