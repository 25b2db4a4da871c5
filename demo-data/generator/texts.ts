import type { Tr } from './types';

/*
 * Translation tables for the short texts of a listing: marquees, price units, comfort and building
 * features, flood and asbestos wording, planning, points of interest, mobility and documents.
 * Every entry has the four catalogue languages.
 */

export const MARQUEE_NAMES: Record<0 | 1 | 2 | 3 | 4, Tr> = {
  0: { nl: '', fr: '', en: '', de: '' },
  1: { nl: 'Nieuw', fr: 'Nouveau', en: 'New', de: 'Neu' },
  2: { nl: 'Optie', fr: 'Option', en: 'Under option', de: 'Option' },
  3: { nl: 'Verkocht', fr: 'Vendu', en: 'Sold', de: 'Verkauft' },
  4: { nl: 'Verhuurd', fr: 'Loué', en: 'Rented', de: 'Vermietet' },
};

/** PriceUnit 1: total price, 2: per month, 7: starting from. */
export const PRICE_UNIT_TEXTS: Record<1 | 2 | 7, Tr> = {
  1: { nl: '', fr: '', en: '', de: '' },
  2: { nl: 'per maand', fr: 'par mois', en: 'per month', de: 'pro Monat' },
  7: { nl: 'vanaf', fr: 'à partir de', en: 'starting from', de: 'ab' },
};

export const HEATING: readonly Tr[] = [
  { nl: 'Centrale verwarming op gas', fr: 'Chauffage central au gaz', en: 'Gas central heating', de: 'Gas-Zentralheizung' },
  { nl: 'Centrale verwarming op stookolie', fr: 'Chauffage central au mazout', en: 'Oil-fired central heating', de: 'Öl-Zentralheizung' },
  { nl: 'Warmtepomp', fr: 'Pompe à chaleur', en: 'Heat pump', de: 'Wärmepumpe' },
  { nl: 'Elektrische verwarming', fr: 'Chauffage électrique', en: 'Electric heating', de: 'Elektroheizung' },
  { nl: 'Pelletkachel', fr: 'Poêle à pellets', en: 'Pellet stove', de: 'Pelletofen' },
];

export const GLAZING: readonly Tr[] = [
  { nl: 'Dubbele beglazing', fr: 'Double vitrage', en: 'Double glazing', de: 'Doppelverglasung' },
  { nl: 'Driedubbele beglazing', fr: 'Triple vitrage', en: 'Triple glazing', de: 'Dreifachverglasung' },
  { nl: 'Enkele beglazing', fr: 'Simple vitrage', en: 'Single glazing', de: 'Einfachverglasung' },
];

export const WINDOW_FRAMES: readonly Tr[] = [
  { nl: 'PVC', fr: 'PVC', en: 'PVC', de: 'Kunststoff' },
  { nl: 'Aluminium', fr: 'Aluminium', en: 'Aluminium', de: 'Aluminium' },
  { nl: 'Hout', fr: 'Bois', en: 'Wood', de: 'Holz' },
];

export const KITCHENS: readonly Tr[] = [
  { nl: 'Volledig ingerichte keuken', fr: 'Cuisine entièrement équipée', en: 'Fully fitted kitchen', de: 'Voll ausgestattete Küche' },
  { nl: 'Half ingerichte keuken', fr: 'Cuisine semi-équipée', en: 'Partly fitted kitchen', de: 'Teilweise ausgestattete Küche' },
  { nl: 'Open ingerichte keuken', fr: 'Cuisine ouverte équipée', en: 'Open-plan fitted kitchen', de: 'Offene Einbauküche' },
  { nl: 'Niet ingerichte keuken', fr: 'Cuisine non équipée', en: 'Unfitted kitchen', de: 'Küche nicht ausgestattet' },
];

export const COMFORT_INTERIOR: readonly Tr[] = [
  { nl: 'parketvloer', fr: 'parquet', en: 'parquet flooring', de: 'Parkettboden' },
  { nl: 'open haard', fr: 'feu ouvert', en: 'open fireplace', de: 'offener Kamin' },
  { nl: 'inloopkast', fr: 'dressing', en: 'walk-in wardrobe', de: 'begehbarer Kleiderschrank' },
  { nl: 'zolder', fr: 'grenier', en: 'attic', de: 'Dachboden' },
  { nl: 'kelder', fr: 'cave', en: 'cellar', de: 'Keller' },
  { nl: 'alarmsysteem', fr: "système d'alarme", en: 'alarm system', de: 'Alarmanlage' },
  { nl: 'domotica', fr: 'domotique', en: 'home automation', de: 'Hausautomation' },
  { nl: 'lift', fr: 'ascenseur', en: 'lift', de: 'Aufzug' },
];

export const COMFORT_EXTERIOR: readonly Tr[] = [
  { nl: 'tuinhuis', fr: 'abri de jardin', en: 'garden shed', de: 'Gartenhaus' },
  { nl: 'terras', fr: 'terrasse', en: 'terrace', de: 'Terrasse' },
  { nl: 'zwembad', fr: 'piscine', en: 'swimming pool', de: 'Schwimmbad' },
  { nl: 'carport', fr: 'car-port', en: 'carport', de: 'Carport' },
  { nl: 'regenwaterput', fr: "citerne d'eau de pluie", en: 'rainwater tank', de: 'Regenwasserzisterne' },
  { nl: 'zonnepanelen', fr: 'panneaux photovoltaïques', en: 'solar panels', de: 'Photovoltaikanlage' },
  { nl: 'omheinde tuin', fr: 'jardin clôturé', en: 'enclosed garden', de: 'eingezäunter Garten' },
];

export const ROOF_MATERIALS: readonly Tr[] = [
  { nl: 'Pannen', fr: 'Tuiles', en: 'Tiles', de: 'Dachziegel' },
  { nl: 'Leien', fr: 'Ardoises', en: 'Slate', de: 'Schiefer' },
  { nl: 'Roofing', fr: 'Roofing', en: 'Bitumen roofing', de: 'Bitumenbahnen' },
  { nl: 'Zink', fr: 'Zinc', en: 'Zinc', de: 'Zink' },
];

export const ROOF_CONDITIONS: readonly Tr[] = [
  { nl: 'Goede staat', fr: 'Bon état', en: 'Good condition', de: 'Guter Zustand' },
  { nl: 'Recent vernieuwd', fr: 'Récemment rénovée', en: 'Recently renewed', de: 'Kürzlich erneuert' },
  { nl: 'Te vernieuwen', fr: 'À rénover', en: 'Needs renewal', de: 'Renovierungsbedürftig' },
];

/** Flood risk from none to high; index 0 is "not in a risk area". */
export const FLOOD_RISKS: readonly Tr[] = [
  { nl: 'Geen overstromingsgevaar', fr: "Hors zone d'aléa d'inondation", en: 'Not in a flood-risk area', de: 'Kein Hochwasserrisiko' },
  { nl: 'Laag overstromingsgevaar', fr: "Aléa d'inondation faible", en: 'Low flood risk', de: 'Geringes Hochwasserrisiko' },
  { nl: 'Middelmatig overstromingsgevaar', fr: "Aléa d'inondation moyen", en: 'Medium flood risk', de: 'Mittleres Hochwasserrisiko' },
  { nl: 'Hoog overstromingsgevaar', fr: "Aléa d'inondation élevé", en: 'High flood risk', de: 'Hohes Hochwasserrisiko' },
];

export const FLOOD_ZONES: readonly Tr[] = [
  { nl: 'Niet gelegen in een risicozone', fr: 'Hors zone à risque', en: 'Outside a risk zone', de: 'Außerhalb einer Risikozone' },
  { nl: 'Gelegen in een risicozone', fr: 'En zone à risque', en: 'Inside a risk zone', de: 'Innerhalb einer Risikozone' },
];

export const ASBESTOS_TYPES: readonly Tr[] = [
  { nl: 'Geen asbest vastgesteld', fr: "Pas d'amiante détecté", en: 'No asbestos found', de: 'Kein Asbest festgestellt' },
  {
    nl: 'Hechtgebonden asbest (golfplaten dak van het bijgebouw)',
    fr: "Amiante non friable (plaques ondulées de la toiture de l'annexe)",
    en: 'Non-friable asbestos (corrugated roof sheets of the annex)',
    de: 'Fest gebundener Asbest (Wellplatten auf dem Dach des Nebengebäudes)',
  },
  { nl: 'Asbestinventaris beschikbaar', fr: "Inventaire amiante disponible", en: 'Asbestos inventory available', de: 'Asbestinventar vorhanden' },
];

export const PLANNING: readonly Tr[] = [
  { nl: 'Woongebied', fr: "Zone d'habitat", en: 'Residential area', de: 'Wohngebiet' },
  { nl: 'Woongebied met landelijk karakter', fr: "Zone d'habitat à caractère rural", en: 'Residential area of rural character', de: 'Wohngebiet mit ländlichem Charakter' },
  { nl: 'Gemengd bedrijfsgebied', fr: "Zone d'activité économique mixte", en: 'Mixed economic activity area', de: 'Mischgebiet für Wirtschaftstätigkeit' },
];

export const AREA_APPLICATIONS: readonly Tr[] = [
  { nl: 'Wonen', fr: 'Habitation', en: 'Residential', de: 'Wohnen' },
  { nl: 'Handel met woonst', fr: 'Commerce avec logement', en: 'Retail with living quarters', de: 'Handel mit Wohnung' },
  { nl: 'Kantoor', fr: 'Bureau', en: 'Office', de: 'Büro' },
];

export type PoiKind = 'station' | 'bus' | 'school' | 'shop' | 'pharmacy' | 'doctor' | 'park' | 'sport';

export const POI_CATEGORIES: Record<PoiKind, Tr> = {
  station: { nl: 'Openbaar vervoer', fr: 'Transports en commun', en: 'Public transport', de: 'Öffentlicher Verkehr' },
  bus: { nl: 'Openbaar vervoer', fr: 'Transports en commun', en: 'Public transport', de: 'Öffentlicher Verkehr' },
  school: { nl: 'Onderwijs', fr: 'Enseignement', en: 'Education', de: 'Bildung' },
  shop: { nl: 'Winkels', fr: 'Commerces', en: 'Shops', de: 'Einkaufen' },
  pharmacy: { nl: 'Gezondheid', fr: 'Santé', en: 'Health', de: 'Gesundheit' },
  doctor: { nl: 'Gezondheid', fr: 'Santé', en: 'Health', de: 'Gesundheit' },
  park: { nl: 'Ontspanning', fr: 'Loisirs', en: 'Leisure', de: 'Freizeit' },
  sport: { nl: 'Ontspanning', fr: 'Loisirs', en: 'Leisure', de: 'Freizeit' },
};

/** Point-of-interest names; {town} is replaced by the town name in that language. */
export const POI_NAMES: Record<PoiKind, Tr> = {
  station: { nl: 'Station {town}', fr: 'Gare de {town}', en: '{town} railway station', de: 'Bahnhof {town}' },
  bus: { nl: 'TEC-bushalte', fr: 'Arrêt de bus TEC', en: 'TEC bus stop', de: 'TEC-Bushaltestelle' },
  school: { nl: 'Gemeentelijke basisschool', fr: 'École communale', en: 'Municipal primary school', de: 'Gemeindegrundschule' },
  shop: { nl: 'Supermarkt', fr: 'Supermarché', en: 'Supermarket', de: 'Supermarkt' },
  pharmacy: { nl: 'Apotheek', fr: 'Pharmacie', en: 'Pharmacy', de: 'Apotheke' },
  doctor: { nl: 'Huisartsenpraktijk', fr: 'Cabinet médical', en: 'GP surgery', de: 'Arztpraxis' },
  park: { nl: 'Stadspark', fr: 'Parc communal', en: 'Town park', de: 'Stadtpark' },
  sport: { nl: 'Sporthal', fr: 'Hall omnisports', en: 'Sports hall', de: 'Sporthalle' },
};

export const MOBILITY_CATEGORIES: readonly Tr[] = [
  { nl: 'Openbaar vervoer', fr: 'Transports en commun', en: 'Public transport', de: 'Öffentlicher Verkehr' },
  { nl: 'Fiets', fr: 'Vélo', en: 'Cycling', de: 'Fahrrad' },
  { nl: 'Te voet', fr: 'À pied', en: 'Walking', de: 'Zu Fuß' },
  { nl: 'Auto', fr: 'Voiture', en: 'Car', de: 'Auto' },
];

export type DocumentKind = 'epc' | 'plan' | 'cadastre' | 'electricity' | 'planning' | 'deed';

export const DOCUMENT_NAMES: Record<DocumentKind, Tr> = {
  epc: { nl: 'EPB-certificaat', fr: 'Certificat PEB', en: 'EPC certificate', de: 'Energieausweis (PEB)' },
  plan: { nl: 'Grondplan', fr: 'Plan', en: 'Floor plan', de: 'Grundriss' },
  cadastre: { nl: 'Kadastraal uittreksel', fr: 'Extrait cadastral', en: 'Cadastral extract', de: 'Katasterauszug' },
  electricity: { nl: 'Keuringsverslag elektriciteit', fr: 'Rapport de contrôle électrique', en: 'Electrical inspection report', de: 'Prüfbericht Elektroinstallation' },
  planning: { nl: 'Stedenbouwkundige inlichtingen', fr: 'Renseignements urbanistiques', en: 'Planning information', de: 'Städtebauliche Auskünfte' },
  deed: { nl: 'Basisakte', fr: 'Acte de base', en: 'Deed of division', de: 'Teilungserklärung' },
};

/** Picture captions by scene. */
export const PICTURE_NAMES: Record<string, Tr> = {
  facade: { nl: 'Voorgevel', fr: 'Façade', en: 'Front view', de: 'Vorderansicht' },
  building: { nl: 'Gebouw', fr: 'Immeuble', en: 'Building', de: 'Gebäude' },
  shop: { nl: 'Winkelpui', fr: 'Vitrine', en: 'Shop front', de: 'Schaufenster' },
  land: { nl: 'Perceel', fr: 'Parcelle', en: 'Plot', de: 'Grundstück' },
  garage: { nl: 'Garagepoort', fr: 'Porte de garage', en: 'Garage door', de: 'Garagentor' },
  living: { nl: 'Woonkamer', fr: 'Séjour', en: 'Living room', de: 'Wohnzimmer' },
  kitchen: { nl: 'Keuken', fr: 'Cuisine', en: 'Kitchen', de: 'Küche' },
  bedroom: { nl: 'Slaapkamer', fr: 'Chambre', en: 'Bedroom', de: 'Schlafzimmer' },
  bathroom: { nl: 'Badkamer', fr: 'Salle de bains', en: 'Bathroom', de: 'Badezimmer' },
  garden: { nl: 'Tuin', fr: 'Jardin', en: 'Garden', de: 'Garten' },
  street: { nl: 'Straatzicht', fr: 'Vue de la rue', en: 'Street view', de: 'Straßenansicht' },
};

/** "parketvloer, open haard" → "Parketvloer, open haard". */
export function listText(items: readonly Tr[], language: keyof Tr): string {
  const joined = items.map((item) => item[language]).join(', ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}
