import type { City } from '../../lib/catalogue/schemas';
import type { EpcRegion } from '../../lib/epc';
import { LANGS, type Lang, type Tr } from './types';

/*
 * The towns of the catalogue: 25 real Hainaut municipalities with their real postcodes, plus one
 * town in Brussels, Flanders and Luxembourg for the other EPC regions. Names per language follow
 * the usual exonyms: Dutch names where they exist, the French name in French and English, and in
 * German the French name except for Mons (Bergen) and Tournai (Doornik).
 */

export type Region = EpcRegion;

export type Town = {
  key: string;
  zip: string;
  name: Tr;
  region: Region;
  lat: number;
  lng: number;
  /** Street names used for addresses in this town. */
  streets: readonly string[];
};

const WALLOON_STREETS = [
  'Rue de la Station',
  "Rue de l'Église",
  'Rue du Moulin',
  'Chaussée de Bruxelles',
  'Rue des Écoles',
  'Rue Albert Ier',
  'Place communale',
  'Rue du Calvaire',
  'Avenue des Tilleuls',
  'Rue Émile Vandervelde',
] as const;

function walloon(key: string, zip: string, fr: string, lat: number, lng: number, nl = fr, de = fr, streets: readonly string[] = []): Town {
  return { key, zip, name: { nl, fr, en: fr, de }, region: 'wallonia', lat, lng, streets: [...streets, ...WALLOON_STREETS] };
}

export const TOWNS: readonly Town[] = [
  walloon('mons', '7000', 'Mons', 50.4542, 3.9523, 'Bergen', 'Bergen', ['Rue de Nimy', "Rue d'Havré", 'Boulevard Dolez', 'Rue des Capucins', 'Avenue Reine Astrid', 'Rue de la Chaussée']),
  walloon('tournai', '7500', 'Tournai', 50.6056, 3.3878, 'Doornik', 'Doornik', ['Rue Royale', "Rue de l'Yser", 'Quai Taille-Pierre', 'Rue des Jésuites', 'Boulevard Walter de Marvis']),
  walloon('mouscron', '7700', 'Mouscron', 50.7436, 3.2139, 'Moeskroen', 'Mouscron', ['Rue de Tournai', 'Grand-Place', 'Rue du Christ', 'Avenue Royale']),
  walloon('enghien', '7850', 'Enghien', 50.6939, 4.0403, 'Edingen', 'Enghien', ['Rue de Bruxelles', 'Rue Montgomery']),
  walloon('lessines', '7860', 'Lessines', 50.7114, 3.8353, 'Lessen', 'Lessines', ['Rue de Grammont', 'Rue Général Freyberg']),
  walloon('ath', '7800', 'Ath', 50.6294, 3.7781, 'Aat', 'Ath', ['Rue de Pintamont', 'Boulevard du Château']),
  walloon('soignies', '7060', 'Soignies', 50.5794, 4.0711, 'Zinnik', 'Soignies', ['Rue de la Régence', 'Chaussée du Roeulx']),
  walloon('braine', '7090', 'Braine-le-Comte', 50.6083, 4.1419, "'s-Gravenbrakel", 'Braine-le-Comte', ['Rue de Mons', 'Grand-Place']),
  walloon('ecaussinnes', '7190', 'Écaussinnes', 50.5636, 4.1781),
  walloon('chievres', '7950', 'Chièvres', 50.5872, 3.8061),
  walloon('peruwelz', '7600', 'Péruwelz', 50.5086, 3.5917),
  walloon('quievrain', '7380', 'Quiévrain', 50.4047, 3.6836),
  walloon('roeulx', '7070', 'Le Rœulx', 50.5033, 4.1114),
  walloon('louviere', '7100', 'La Louvière', 50.4797, 4.1864, 'La Louvière', 'La Louvière', ['Rue Sylvain Guyaux', 'Rue Albert Ier', "Avenue Rêve d'Or", 'Rue Kéramis']),
  walloon('binche', '7130', 'Binche', 50.4111, 4.1656),
  walloon('ghislain', '7330', 'Saint-Ghislain', 50.4497, 3.8186),
  walloon('frameries', '7080', 'Frameries', 50.4075, 3.8956),
  walloon('quaregnon', '7390', 'Quaregnon', 50.4411, 3.865),
  walloon('boussu', '7300', 'Boussu', 50.4347, 3.7947),
  walloon('leuze', '7900', 'Leuze-en-Hainaut', 50.6, 3.6167),
  walloon('comines', '7780', 'Comines', 50.7675, 3.0036, 'Komen'),
  walloon('antoing', '7640', 'Antoing', 50.5667, 3.45),
  walloon('beloeil', '7970', 'Beloeil', 50.55, 3.7333),
  walloon('dour', '7370', 'Dour', 50.3958, 3.7778),
  walloon('jurbise', '7050', 'Jurbise', 50.5306, 3.91),
  {
    key: 'ixelles',
    zip: '1050',
    name: { nl: 'Elsene', fr: 'Ixelles', en: 'Ixelles', de: 'Ixelles' },
    region: 'brussels',
    lat: 50.8275,
    lng: 4.3725,
    streets: ['Rue du Bailli', 'Rue de la Brasserie', 'Avenue Louise'],
  },
  {
    key: 'kortrijk',
    zip: '8500',
    name: { nl: 'Kortrijk', fr: 'Courtrai', en: 'Kortrijk', de: 'Kortrijk' },
    region: 'flanders',
    lat: 50.828,
    lng: 3.265,
    streets: ['Doorniksestraat', 'Leiestraat', 'Lange Steenstraat'],
  },
  {
    key: 'strassen',
    zip: '8001',
    name: { nl: 'Strassen', fr: 'Strassen', en: 'Strassen', de: 'Strassen' },
    region: 'luxembourg',
    lat: 49.6206,
    lng: 6.0733,
    streets: ["Route d'Arlon", 'Rue des Romains'],
  },
];

export type TownKey = string;

export function town(key: TownKey): Town {
  const found = TOWNS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`unknown town ${key}`);
  return found;
}

const COUNTRY_NAMES: Record<'BE' | 'LU', Tr> = {
  BE: { nl: 'België', fr: 'Belgique', en: 'Belgium', de: 'Belgien' },
  LU: { nl: 'Luxemburg', fr: 'Luxembourg', en: 'Luxembourg', de: 'Luxemburg' },
};

export function countryOf(place: Town): { id: 10 | 50; name: Tr } {
  return place.region === 'luxembourg' ? { id: 50, name: COUNTRY_NAMES.LU } : { id: 10, name: COUNTRY_NAMES.BE };
}

/** What cities.json needs to know about one listing. */
export type TownUse = { townKey: TownKey; goal: 0 | 1 };

function cityRecords(towns: readonly Town[], count: (place: Town) => number): City[] {
  return LANGS.flatMap((language: Lang) =>
    towns.map((place) => {
      const country = countryOf(place);
      return {
        Name: place.name[language],
        Zip: place.zip,
        CountryID: String(country.id) as '10' | '50',
        CountryName: country.name[language],
        PropertyCount: count(place),
        language,
      };
    }),
  );
}

/** cities.json: every town, the towns with a listing for sale, the towns with a listing for rent. */
export function buildCities(uses: readonly TownUse[]): { all: City[]; sale: City[]; rent: City[] } {
  const countOf = (place: Town, goal?: 0 | 1) => uses.filter((use) => use.townKey === place.key && (goal === undefined || use.goal === goal)).length;
  const saleTowns = TOWNS.filter((place) => countOf(place, 0) > 0);
  const rentTowns = TOWNS.filter((place) => countOf(place, 1) > 0);
  return {
    all: cityRecords(TOWNS, (place) => countOf(place)),
    sale: cityRecords(saleTowns, (place) => countOf(place, 0)),
    rent: cityRecords(rentTowns, (place) => countOf(place, 1)),
  };
}
