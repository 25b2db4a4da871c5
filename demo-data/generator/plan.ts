import { FIRST_LISTING_ID, type WebId } from './types';

/*
 * The plan of the catalogue: one row per listing, in ID order (row 1 is 4000001). The rows fix
 * what the test cases depend on (town, goal, type, status, EPC, special cases); listings.ts fills
 * in everything else from a PRNG seeded with the listing ID.
 */

export type Kind = 'house' | 'villa' | 'farm' | 'townhouse' | 'studio' | 'apartment' | 'penthouse' | 'land' | 'investment' | 'shop' | 'office' | 'garage';

export const KIND_WEBID: Record<Kind, WebId> = {
  house: 1,
  villa: 1,
  farm: 1,
  townhouse: 1,
  studio: 2,
  apartment: 3,
  penthouse: 3,
  land: 4,
  investment: 5,
  shop: 6,
  office: 6,
  garage: 7,
};

export type Tag =
  | 'viager' // life annuity sale
  | 'nopics' // the one listing without pictures
  | 'pod' // price on demand (PublishPrice false)
  | 'from' // PriceUnit 7 "starting from"
  | 'yt'
  | 'ytshort'
  | 'vimeo'
  | 'fb'
  | 'mp4'
  | 'webm'
  | 'badvideo' // video links
  | 'matterport'
  | 'nodalview'
  | 'previsite' // virtual tours
  | 'script' // description with <script> and onclick
  | 'link' // description with <a href>
  | 'long' // description of 1500+ characters
  | 'docs'
  | 'poi'
  | 'mobility'
  | 'noaddr' // PublishAddress false
  | 'nogeo' // no coordinates
  | 'omit' // null fields left out of the record instead of written as null
  | 'full' // every detail group filled
  | 'bare' // every optional detail group empty
  | 'free'; // DateFree set

/** A number is EnergyPerformance (kWh/m².year, label computed); a letter is a label without value. */
type Epc = number | 'A' | 'B' | 'C' | 'E' | 'F';

type UnitPlan = { project: 0 | 1 | 2; name: string; floor: number };

export type ListingPlan = {
  id: number;
  town: string;
  goal: 0 | 1;
  kind: Kind;
  /** Secondary type ids added to WebIDs. */
  extra?: WebId[];
  status: 1 | 2 | 4;
  marquee: 0 | 1 | 2 | 3 | 4;
  epc?: Epc;
  unit?: UnitPlan;
  tags: Tag[];
};

type Row = [town: string, goal: 0 | 1, kind: Kind, status: 1 | 2 | 4, marquee: 0 | 1 | 2 | 3 | 4, epc: Epc | null, tags?: Tag[], more?: { extra?: WebId[]; unit?: UnitPlan }];

const S = 0;
const R = 1;

const ROWS: Row[] = [
  // Mons / Bergen: 10 for sale (4 in project 0), 2 for rent
  ['mons', S, 'house', 1, 1, 132, ['yt', 'matterport', 'docs', 'poi', 'mobility', 'long', 'full']],
  ['mons', S, 'apartment', 1, 1, 45, ['poi'], { unit: { project: 0, name: 'A.0.1', floor: 0 } }],
  ['mons', S, 'apartment', 2, 3, 38, [], { unit: { project: 0, name: 'A.1.1', floor: 1 } }],
  ['mons', S, 'apartment', 1, 0, 52, ['free'], { unit: { project: 0, name: 'A.1.2', floor: 1 } }],
  ['mons', S, 'penthouse', 2, 3, 48, [], { unit: { project: 0, name: 'A.2.1', floor: 2 } }],
  ['mons', S, 'studio', 1, 2, 255, ['ytshort']],
  ['mons', S, 'shop', 1, 0, 287, ['pod'], { extra: [5] }],
  ['mons', S, 'investment', 1, 0, 340, ['from', 'docs'], { extra: [1] }],
  ['mons', S, 'land', 1, 0, null, ['noaddr']],
  ['mons', S, 'townhouse', 1, 0, 170, ['viager', 'poi', 'long']],
  ['mons', R, 'apartment', 1, 1, 96, ['vimeo', 'mobility', 'free']],
  ['mons', R, 'garage', 1, 0, null, ['nogeo', 'omit', 'bare', 'free']],
  // Tournai / Doornik: 6 for rent
  ['tournai', R, 'house', 4, 4, 198, ['docs']],
  ['tournai', R, 'apartment', 1, 0, 85, ['nodalview', 'poi', 'mobility', 'free']],
  ['tournai', R, 'studio', 4, 4, 312, []],
  ['tournai', R, 'shop', 1, 0, 230, ['free', 'long']],
  ['tournai', R, 'apartment', 1, 0, 'B', ['free']],
  ['tournai', R, 'house', 1, 0, 155, ['fb', 'free']],
  // Mouscron / Moeskroen: 5 for rent
  ['mouscron', R, 'apartment', 4, 4, 262, []],
  ['mouscron', R, 'house', 1, 0, 0, ['previsite', 'poi', 'free']],
  ['mouscron', R, 'apartment', 1, 0, 'C', ['omit']],
  ['mouscron', R, 'studio', 1, 2, 270, ['free']],
  ['mouscron', R, 'apartment', 1, 0, 175, ['bare']],
  // La Louvière: 5 for rent, 3 for sale in project 1
  ['louviere', R, 'apartment', 1, 1, 320, ['free']],
  ['louviere', R, 'house', 4, 4, 245, ['full']],
  ['louviere', R, 'office', 1, 0, 410, ['free']],
  ['louviere', R, 'studio', 1, 0, 140, ['mp4', 'free']],
  ['louviere', R, 'apartment', 1, 0, -12, ['webm']],
  ['louviere', S, 'apartment', 1, 1, 58, [], { unit: { project: 1, name: 'B.0.1', floor: 0 } }],
  ['louviere', S, 'apartment', 2, 3, 61, [], { unit: { project: 1, name: 'B.1.1', floor: 1 } }],
  ['louviere', S, 'penthouse', 1, 0, 42, ['docs'], { unit: { project: 1, name: 'B.3.1', floor: 3 } }],
  // Soignies / Zinnik: 3 new-build houses for sale in project 2
  ['soignies', S, 'house', 1, 0, 71, ['from'], { unit: { project: 2, name: 'Lot 1', floor: 0 } }],
  ['soignies', S, 'house', 2, 3, 68, [], { unit: { project: 2, name: 'Lot 2', floor: 0 } }],
  ['soignies', S, 'house', 1, 2, 75, ['pod'], { unit: { project: 2, name: 'Lot 3', floor: 0 } }],
  // One listing for sale in each other Hainaut town
  ['enghien', S, 'villa', 1, 0, 425, ['link', 'poi']],
  ['lessines', S, 'house', 1, 0, 510, ['omit']],
  ['ath', S, 'farm', 1, 0, 511, ['long', 'docs', 'full']],
  ['braine', S, 'townhouse', 1, 0, 380, ['script']],
  ['ecaussinnes', S, 'house', 1, 0, 470, ['nodalview']],
  ['chievres', S, 'house', 1, 1, 'E', []],
  ['peruwelz', S, 'house', 1, 0, 'F', ['pod']],
  ['quievrain', S, 'house', 1, 0, 222, ['bare']],
  ['roeulx', S, 'apartment', 1, 0, 110, ['poi', 'mobility', 'long']],
  ['binche', S, 'house', 2, 3, 300, []],
  ['ghislain', S, 'house', 1, 0, 190, ['free']],
  ['frameries', S, 'house', 1, 0, 275, ['noaddr']],
  ['quaregnon', S, 'house', 1, 2, 405, []],
  ['boussu', S, 'house', 1, 0, 445, []],
  ['leuze', S, 'farm', 1, 0, 350, ['matterport']],
  ['comines', S, 'house', 1, 0, 85, ['noaddr']],
  ['antoing', S, 'house', 1, 0, 215, []],
  ['beloeil', S, 'house', 1, 0, 260, ['nopics']],
  ['dour', S, 'house', 1, 0, 330, ['omit']],
  ['jurbise', S, 'villa', 1, 0, 120, ['badvideo', 'long']],
  // Other EPC regions
  ['ixelles', S, 'apartment', 1, 0, 45, ['mobility', 'poi', 'docs']],
  ['kortrijk', S, 'house', 1, 0, 100, ['previsite', 'mobility']],
  ['strassen', S, 'apartment', 1, 0, 'C', []],
];

export const PLAN: readonly ListingPlan[] = ROWS.map(([townKey, goal, kind, status, marquee, epc, tags = [], more = {}], index) => ({
  id: FIRST_LISTING_ID + index,
  town: townKey,
  goal,
  kind,
  extra: more.extra,
  status,
  marquee,
  epc: epc ?? undefined,
  unit: more.unit,
  tags,
}));

export const has = (plan: ListingPlan, tag: Tag): boolean => plan.tags.includes(tag);
