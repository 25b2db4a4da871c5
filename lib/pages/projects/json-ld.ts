import type { ApartmentComplex } from 'schema-dts';
import type { ProjectView } from '../../catalogue';
import type { Language } from '../../config';
import { cleanDescription } from '../../format';
import { postalAddress } from '../../seo/json-ld';
import { absoluteUrl } from '../../seo/origin';
import type { Link } from '../kind';

/** A new-build project as search engines read it. */
export function projectJsonLd(project: ProjectView, language: Language, link: Link): ApartmentComplex {
  const url = absoluteUrl(link({ page: 'project', id: project.id }, language));
  return {
    '@type': 'ApartmentComplex',
    '@id': `${url}#project`,
    url,
    name: project.name,
    description: cleanDescription(project.description, 300),
    address: postalAddress(project),
    ...(project.pictures[0] ? { image: absoluteUrl(project.pictures[0].url) } : {}),
    numberOfAccommodationUnits: { '@type': 'QuantitativeValue', value: project.units.length },
  };
}
