import type { Project, Property } from '../../lib/catalogue/schemas';
import type { TeamMember } from './listings';
import { PROJECT_NAMES, PROJECTS } from './project-plan';
import { projectPictureSet, pictureItems, type PictureSet } from './picture-plan';
import { PLAN } from './plan';
import { countryOf, town } from './towns';
import { FIRST_PROJECT_ID, LANGS, type Lang } from './types';

/*
 * projects.json: three new-build projects, one record per language. Their units are listings of
 * properties.json whose ProjectID points back to the project; a unit's price is its listing's price
 * and it is sold when the listing is (Status 2).
 */

const UNIT_WORDS: Record<Lang, [apartments: string, houses: string]> = {
  nl: ['appartementen', 'woningen'],
  fr: ['appartements', 'maisons'],
  en: ['apartments', 'houses'],
  de: ['Wohnungen', 'Häusern'],
};

function projectDescription(language: Lang, name: string, townName: string, count: number, houses: boolean, delivery: string): string {
  const units = UNIT_WORDS[language][houses ? 1 : 0];
  switch (language) {
    case 'nl':
      return `<p><strong>${name}</strong> is een kleinschalig nieuwbouwproject in ${townName} met ${count} ${units}.</p><ul><li>Warmtepomp en zonnepanelen</li><li>Driedubbele beglazing en vloerverwarming</li><li>Terras of tuin bij elke wooneenheid</li><li>Oplevering voorzien in ${delivery}</li></ul><p>Verkoop onder de wet Breyne. Vraag de lastenboeken en plannen op bij ons kantoor.</p>`;
    case 'fr':
      return `<p><strong>${name}</strong> est un projet neuf à taille humaine situé à ${townName}, qui compte ${count} ${units}.</p><ul><li>Pompe à chaleur et panneaux photovoltaïques</li><li>Triple vitrage et chauffage par le sol</li><li>Terrasse ou jardin pour chaque logement</li><li>Livraison prévue ${delivery}</li></ul><p>Vente sous le régime de la loi Breyne. Demandez les cahiers des charges et les plans à notre agence.</p>`;
    case 'en':
      return `<p><strong>${name}</strong> is a small new-build development in ${townName} with ${count} ${units}.</p><ul><li>Heat pump and solar panels</li><li>Triple glazing and underfloor heating</li><li>A terrace or garden for every home</li><li>Completion expected ${delivery}</li></ul><p>Sold under the Breyne Act. Ask our office for the specifications and plans.</p>`;
    case 'de':
      return `<p><strong>${name}</strong> ist ein überschaubares Neubauprojekt in ${townName} mit ${count} ${units}.</p><ul><li>Wärmepumpe und Photovoltaikanlage</li><li>Dreifachverglasung und Fußbodenheizung</li><li>Terrasse oder Garten für jede Wohneinheit</li><li>Fertigstellung voraussichtlich im ${delivery}</li></ul><p>Verkauf nach dem Breyne-Gesetz. Baubeschreibungen und Pläne erhalten Sie in unserem Büro.</p>`;
  }
}

export function projectPictureSets(): PictureSet[] {
  return PROJECTS.map((project, index) => projectPictureSet(FIRST_PROJECT_ID + index, project.houses, index));
}

export function buildProjects(properties: Property[], team: TeamMember[]): Project[] {
  const adviser = team[3] ?? team[0];
  if (!adviser) throw new Error('no team member for the projects');
  const pictureSets = projectPictureSets();
  return PROJECTS.flatMap((project, index) => {
    const id = FIRST_PROJECT_ID + index;
    const place = town(project.town);
    const country = countryOf(place);
    const unitPlans = PLAN.filter((plan) => plan.unit?.project === index);
    if (unitPlans.length < 3 || unitPlans.length > 8) throw new Error(`project ${id} must have 3 to 8 units`);
    const units = unitPlans.map((plan) => {
      const listing = properties.find((property) => property.ID === plan.id);
      if (!listing || listing.ProjectID !== id || listing.Goal !== 0) throw new Error(`unit ${plan.id} of project ${id} is not a matching listing`);
      return { PropertyID: plan.id, Floor: plan.unit?.floor ?? 0, Name: plan.unit?.name ?? String(plan.id), Price: listing.Price, Sold: listing.Status === 2 };
    });
    const pictures = pictureSets[index];
    if (!pictures) throw new Error(`no pictures for project ${id}`);
    return LANGS.map((language): Project => {
      const name = PROJECT_NAMES[index]?.[language] ?? `Project ${id}`;
      const items = pictureItems(pictures, language);
      return {
        ID: id,
        language,
        Name: name,
        DescriptionA: projectDescription(language, name, place.name[language], units.length, project.houses, project.delivery[language]),
        ExternalWeb: project.externalWeb,
        PublicAddress: project.publicAddress,
        Street: project.street,
        HouseNumber: project.houseNumber,
        BoxNr: '',
        Zip: place.zip,
        City: place.name[language],
        CountryID: country.id,
        CountryName: country.name[language],
        GoogleX: project.lat,
        GoogleY: project.lng,
        SmallPictureItem: items.firstSmall,
        XLargePictureItem: items.firstLarge,
        XLargePictureItems: items.large,
        Units: units,
        ManagerEmail: adviser.email,
        CreatedDate: project.created,
        LastChangedDate: project.changed,
      };
    });
  });
}
