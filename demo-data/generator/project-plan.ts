import type { Tr } from './types';

/*
 * The new-build projects: name, address and delivery date. Their units are the listings of plan.ts
 * whose unit.project is the project's index; those listings share the project's address.
 */

/** Project names per project index, shared with projects.ts. */
export const PROJECT_NAMES: readonly Tr[] = [
  { nl: 'Residentie Les Jardins du Beffroi', fr: 'Résidence Les Jardins du Beffroi', en: 'Les Jardins du Beffroi residence', de: 'Residenz Les Jardins du Beffroi' },
  { nl: 'Residentie Quai des Canaux', fr: 'Résidence Quai des Canaux', en: 'Quai des Canaux residence', de: 'Residenz Quai des Canaux' },
  { nl: 'Woonerf Clos de la Senne', fr: 'Clos de la Senne', en: 'Clos de la Senne housing development', de: 'Wohnanlage Clos de la Senne' },
];

export type ProjectPlan = {
  town: string;
  street: string;
  houseNumber: string;
  houses: boolean;
  publicAddress: boolean;
  externalWeb: string | null;
  delivery: Tr;
  lat: number;
  lng: number;
  created: string;
  changed: string;
};

export const PROJECTS: readonly ProjectPlan[] = [
  {
    town: 'mons',
    street: 'Rue des Capucins',
    houseNumber: '24',
    houses: false,
    publicAddress: true,
    externalWeb: 'https://jardins-du-beffroi.example.be/',
    delivery: { nl: 'het voorjaar van 2027', fr: 'au printemps 2027', en: 'in spring 2027', de: 'Frühjahr 2027' },
    lat: 50.45561,
    lng: 3.95012,
    created: '2026-01-19T10:00:00',
    changed: '2026-10-12T15:20:00',
  },
  {
    town: 'louviere',
    street: 'Rue Kéramis',
    houseNumber: '3',
    houses: false,
    publicAddress: true,
    externalWeb: null,
    delivery: { nl: 'de zomer van 2027', fr: "à l'été 2027", en: 'in summer 2027', de: 'Sommer 2027' },
    lat: 50.47702,
    lng: 4.18415,
    created: '2026-02-09T09:30:00',
    changed: '2026-09-28T11:05:00',
  },
  {
    town: 'soignies',
    street: 'Chaussée du Roeulx',
    houseNumber: '140',
    houses: true,
    publicAddress: false,
    externalWeb: 'https://clos-de-la-senne.example.be/',
    delivery: { nl: 'het najaar van 2027', fr: "à l'automne 2027", en: 'in autumn 2027', de: 'Herbst 2027' },
    lat: 50.57412,
    lng: 4.07855,
    created: '2026-03-02T14:00:00',
    changed: '2026-10-20T09:45:00',
  },
];
