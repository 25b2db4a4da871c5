import { regionOf, type EpcRegion } from '../epc';
import type { Town } from '../format/address';
import { teaserSource } from '../format/description';
import type { ShownPrice } from '../format/price';
import type { PublicProject, PublicProperty } from './public-view';
import type { CatalogueLanguage, PictureItem } from './schemas';

export type { ShownPrice, Town };

/*
 * The catalogue as the site speaks of it (design.md §3: a component never parses raw data), in the
 * style of a commerce data layer's reshape step: the CRM's public records come in with Omnicasa's
 * field names and codes, and leave once per snapshot as a Listing or a ProjectView that says what
 * each value means. Omnicasa writes the goal as 0/1, the availability in Status (1 on offer,
 * 2 sold, 4 rented), a "starting from" price as PriceUnit 7 and a ribbon as Marquee ≠ 0; those
 * codes are read here and nowhere else. Status has no word for "under option": the agency says it
 * with a marquee, and the marquee table of data/site says which ids mean it (design.md §6).
 *
 * The input is the public view (public-view.ts): what the agency hides is already gone, so nothing
 * built from a Listing can leak it.
 */

export type Goal = 'sale' | 'rent';
/** On offer, or a sold or rented reference kept online with its message. */
export type Availability = 'on-offer' | 'reference';
/** Under option: still on offer (Status 1), with a marquee that means an option is taken. */
export type ListingState = 'on-offer' | 'under-option' | 'sold' | 'rented';
/** What Status alone says, before the marquee is read. */
type StatusState = Exclude<ListingState, 'under-option'>;

/** The marquee ids the site config's marquee table gives the meaning "option". */
export type OptionMarquees = ReadonlySet<number>;

export const optionMarqueesOf = (table: readonly { id: number; meaning: string }[]): OptionMarquees => new Set(table.filter((marquee) => marquee.meaning === 'option').map((marquee) => marquee.id));

/** The card's and the detail page's ribbon: sold or rented first, else the CRM's marquee text. */
type Ribbon = { kind: 'sold' | 'rented' } | { kind: 'marquee'; text: string } | undefined;

/** The street and number (and box) as the agency publishes them. */
type PublishedStreet = { street: string; box?: string };

type Spot = { latitude: number; longitude: number };

export type Picture = { id: number; url: string; width: number; height: number };

type ListingDocument = { id: number; name: string; url: string };

type Facades = 'closed' | 'half-open' | 'open';
type Score = 'A' | 'B' | 'C' | 'D';

/**
 * What lists, cards, the search index, map pins, alerts and routing read of a listing: the part
 * of every listing a process keeps in memory (listing-store.ts; issue 16).
 */
export type ListingSummary = {
  id: number;
  language: CatalogueLanguage;
  goal: Goal;
  state: ListingState;
  availability: Availability;
  /** Its name wherever it is listed (page title, breadcrumb, portal, mail): "type – town". */
  title: string;
  /** webId is the main type; webIds every type the listing is listed under, the main one among them. */
  type: { name: string; mainName: string; webId: number; webIds: number[] };
  town: Town;
  /** The EPC region whose scale and certificate apply. */
  region: EpcRegion;
  /** Where a map may place it: its spot, or a point at the scale of its town when the address is hidden. */
  position: Spot | undefined;
  price: ShownPrice;
  ribbon: Ribbon;
  /** The main picture (cards, banners, social cards, mails) and the thumbnail of search results. */
  picture: Picture | undefined;
  thumbnail: Picture | undefined;
  /** The start of the description as text, long enough for every teaser (lib/format `textTeaser`). */
  teaserText: string;
  projectId: number | undefined;
  rooms: { bedrooms?: number; bathrooms?: number; showerRooms?: number; toilets?: number; garages?: number; parkings?: number; floors?: number; floor?: number };
  /** m², and widths in m. */
  surfaces: { total?: number; living?: number; ground?: number; garden?: number; terrace?: number; office?: number; constructed?: number; plotWidth?: number; frontWidth?: number };
  energy: { performance?: number; label?: string; consumptionTotal?: number; co2Emission?: number; eLevel?: number; reference?: string; validUntil?: string };
  /** ISO dates as the CRM writes them. */
  created: string;
  lastChanged: string;
  /** The day it can be moved into (DateFree), for a listing still on offer; undefined when the CRM does not say. */
  availableFrom: string | undefined;
};

/** A listing as the site shows it: its own page, JSON-LD, forms, mails, the comparison and the owner portal read this. */
export type Listing = ListingSummary & {
  /** Undefined when the listing shows its town only. */
  street: PublishedStreet | undefined;
  /** Its own spot on a map, only when its address is published. */
  spot: Spot | undefined;
  /** The gallery. */
  pictures: Picture[];
  /** HTML as the CRM writes it; pages sanitize it, teasers reduce it to text. */
  description: string;
  building: { facades?: Facades; constructionYear?: number; renovationYear?: number; cadastralIncome?: number };
  flood: { risk?: string; zone?: string; riverbankZone?: boolean; gScore?: Score; pScore?: Score };
  asbestos: { type?: string; date?: string };
  comfort: { heating?: string; glazing?: string; windowFrame?: string; kitchen?: string; interior?: string; exterior?: string; roofMaterial?: string; roofCondition?: string };
  legal: { buildingPermit?: boolean; allotmentPermit?: boolean; preemptionRight?: boolean; summons?: boolean; judicialDecision?: boolean; planningInformation?: string; areaApplication?: string };
  /** In euros; the ones computed from a hidden price are absent. */
  costs: { chargesOwner?: number; chargesRenter?: number; notaryFee?: number; registrationRights?: number; vat?: number; deposit?: number; renterAgencyCost?: number; inventoryCost?: number };
  lifeAnnuity: { bouquet: number; monthlyAnnuity: number; annuitantAges: number[]; occupied: boolean; indexLinked: boolean } | undefined;
  /** Names and CRM file addresses; the files reach a visitor only as signed links (lib/catalogue/documents). */
  documents: ListingDocument[];
  videos: string[];
  virtualTour: string | undefined;
  /** Distance in metres. */
  pointsOfInterest: { category: string; name: string; distance: number }[];
  /** Scores out of 10. */
  mobility: { score: number; categories: { name: string; score: number }[] } | undefined;
  manager: { name: string; email: string; directPhone?: string; mobilePhone?: string };
};

type ProjectUnit = {
  listingId: number;
  name: string;
  /** The listing's own floor where there is one, so the project says what the unit's page says; a plot or a house has none. */
  floor: number | undefined;
  /** Undefined when the unit's listing hides its price. */
  price: number | undefined;
  sold: boolean;
  listing: ListingSummary | undefined;
};

/** A new-build project as the site shows it. */
export type ProjectView = {
  id: number;
  language: CatalogueLanguage;
  name: string;
  /** Its name in a mail or a lead list: "name – town". */
  title: string;
  description: string;
  town: Town;
  street: PublishedStreet | undefined;
  picture: Picture | undefined;
  pictures: Picture[];
  units: ProjectUnit[];
  created: string;
  lastChanged: string;
};

/** Omnicasa sends a missing value as null or leaves it out; the view has one word for it. */
const given = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

const goalOf = (record: Pick<PublicProperty, 'Goal'>): Goal => (record.Goal === 0 ? 'sale' : 'rent');
/** Also the data check's word for a Status (site-checks.ts). */
export const statusStateOf = (record: Pick<PublicProperty, 'Status'>): StatusState => (record.Status === 2 ? 'sold' : record.Status === 4 ? 'rented' : 'on-offer');

/** Sold and rented come from Status alone; an option marquee only qualifies a listing still on offer. */
function listingStateOf(record: Pick<PublicProperty, 'Status' | 'Marquee'>, optionMarquees: OptionMarquees): ListingState {
  const state = statusStateOf(record);
  return state === 'on-offer' && optionMarquees.has(record.Marquee) ? 'under-option' : state;
}

function shownPriceOf(record: Pick<PublicProperty, 'Price' | 'PriceUnit' | 'Goal'>): ShownPrice {
  if (record.Price === null) return { kind: 'on-demand' };
  if (record.PriceUnit === 7) return { kind: 'starting-from', amount: record.Price };
  if (goalOf(record) === 'rent') return { kind: 'per-month', amount: record.Price };
  return { kind: 'amount', amount: record.Price };
}

function ribbonOf(record: Pick<PublicProperty, 'Status' | 'Marquee' | 'MarqueeName'>): Ribbon {
  // An option keeps the marquee's own text: the card says "Option" once, as the CRM writes it.
  const state = statusStateOf(record);
  if (state !== 'on-offer') return { kind: state };
  return record.Marquee !== 0 && record.MarqueeName ? { kind: 'marquee', text: record.MarqueeName } : undefined;
}

type Place = Pick<PublicProperty, 'Street' | 'HouseNumber' | 'BoxNr' | 'Zip' | 'City' | 'CountryID' | 'CountryName' | 'GoogleX' | 'GoogleY'>;

function publishedStreetOf(place: Place, published: boolean): PublishedStreet | undefined {
  if (!published) return undefined;
  const street = [place.Street, place.HouseNumber]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  if (street === '') return undefined;
  const box = place.BoxNr.trim();
  return box === '' ? { street } : { street, box };
}

function positionOf(place: Place): Spot | undefined {
  return place.GoogleX == null || place.GoogleY == null ? undefined : { latitude: place.GoogleX, longitude: place.GoogleY };
}

const townOf = (place: Place): Town => ({ name: place.City, zip: place.Zip, country: { code: place.CountryID === 50 ? 'LU' : 'BE', name: place.CountryName } });

const pictureOf = (item: PictureItem): Picture => ({ id: item.ID, url: item.Url, width: item.Width, height: item.Height });
const optionalPicture = (item: PictureItem | null): Picture | undefined => (item ? pictureOf(item) : undefined);

const facadesOf = { 2: 'closed', 3: 'half-open', 4: 'open' } as const satisfies Record<number, Facades>;

/**
 * A public listing record as the site shows it; built once per snapshot (lib/catalogue/index.ts).
 * A listing under option is still available: it stays in the lists, its forms and its price.
 */
export function reshapeListing(record: PublicProperty, optionMarquees: OptionMarquees): Listing {
  const state = listingStateOf(record, optionMarquees);
  const onOffer = state === 'on-offer' || state === 'under-option';
  const position = positionOf(record);
  const annuity = record.LifeAnnuity;
  return {
    id: record.ID,
    language: record.language,
    goal: goalOf(record),
    state,
    availability: onOffer ? 'on-offer' : 'reference',
    title: `${record.TypeDescription} – ${record.City}`,
    type: { name: record.TypeDescription, mainName: record.MainTypeName, webId: record.WebID, webIds: record.WebIDs.split(',').map(Number) },
    town: townOf(record),
    region: regionOf(record.Zip, record.CountryID),
    street: publishedStreetOf(record, record.PublishAddress),
    spot: record.PublishAddress ? position : undefined,
    position,
    price: shownPriceOf(record),
    ribbon: ribbonOf(record),
    picture: optionalPicture(record.XLargePictureItem),
    pictures: record.XLargePictureItems.map(pictureOf),
    thumbnail: optionalPicture(record.SmallPictureItem),
    teaserText: teaserSource(record.DescriptionA),
    description: record.DescriptionA,
    projectId: given(record.ProjectID),
    rooms: {
      bedrooms: given(record.NumberOfBedRooms),
      bathrooms: given(record.NumberOfBathRooms),
      showerRooms: given(record.NumberOfShowerRooms),
      toilets: given(record.NumberOfToilets),
      garages: given(record.NumberOfGarages),
      parkings: given(record.NumberOfParkings),
      floors: given(record.NumberOfFloors),
      floor: given(record.Floor),
    },
    surfaces: {
      total: given(record.SurfaceTotal),
      living: given(record.SurfaceLiving),
      ground: given(record.SurfaceGround),
      garden: given(record.SurfaceGarden),
      terrace: given(record.SurfaceTerrace),
      office: given(record.SurfaceOffice),
      constructed: given(record.SurfaceConstructed),
      plotWidth: given(record.PlotWidth),
      frontWidth: given(record.FrontWidth),
    },
    building: {
      facades: record.Facades == null ? undefined : facadesOf[record.Facades],
      constructionYear: given(record.ConstructionYear),
      renovationYear: given(record.RenovationYear),
      cadastralIncome: given(record.CadastralIncome),
    },
    energy: {
      performance: given(record.EnergyPerformance),
      label: given(record.EPCLabelText),
      consumptionTotal: given(record.EnergyConsumptionTotal),
      co2Emission: given(record.CO2Emission),
      eLevel: given(record.ELevel),
      reference: given(record.EPCReference),
      validUntil: given(record.EPCValidUntil),
    },
    flood: { risk: given(record.FloodRisk), zone: given(record.FloodZone), riverbankZone: given(record.RiverbankZone), gScore: given(record.GScore), pScore: given(record.PScore) },
    asbestos: { type: given(record.AsbestosType), date: given(record.AsbestosDate) },
    comfort: {
      heating: given(record.Heating),
      glazing: given(record.Glazing),
      windowFrame: given(record.WindowFrame),
      kitchen: given(record.Kitchen),
      interior: given(record.ComfortInterior),
      exterior: given(record.ComfortExterior),
      roofMaterial: given(record.RoofMaterial),
      roofCondition: given(record.RoofCondition),
    },
    legal: {
      buildingPermit: given(record.BuildingPermit),
      allotmentPermit: given(record.AllotmentPermit),
      preemptionRight: given(record.PreemptionRight),
      summons: given(record.Summons),
      judicialDecision: given(record.JudicialDecision),
      planningInformation: given(record.PlanningInformation),
      areaApplication: given(record.AreaApplication),
    },
    costs: {
      chargesOwner: given(record.ChargesOwner),
      chargesRenter: given(record.ChargesRenter),
      notaryFee: given(record.NotaryFee),
      registrationRights: given(record.RegistrationRights),
      vat: given(record.VAT),
      deposit: given(record.Deposit),
      renterAgencyCost: given(record.RenterAgencyCost),
      inventoryCost: given(record.InventoryCost),
    },
    lifeAnnuity: annuity
      ? { bouquet: annuity.Bouquet, monthlyAnnuity: annuity.MonthlyAnnuity, annuitantAges: annuity.AnnuitantAges, occupied: annuity.Occupied, indexLinked: annuity.IndexLinked }
      : undefined,
    documents: record.Documents.map((document) => ({ id: document.ID, name: document.Name, url: document.Url })),
    videos: record.VideoLinks,
    virtualTour: given(record.VirtualTour),
    pointsOfInterest: record.PointsOfInterest.map((point) => ({ category: point.Category, name: point.Name, distance: point.Distance })),
    mobility: record.MobilityScore ? { score: record.MobilityScore.Score, categories: record.MobilityScore.Categories.map((category) => ({ name: category.Name, score: category.Score })) } : undefined,
    manager: { name: record.ManagerName, email: record.ManagerEmail, directPhone: given(record.ManagerDirectPhone), mobilePhone: given(record.ManagerMobilePhone) },
    created: record.CreatedDate,
    lastChanged: record.LastChangedDate,
    availableFrom: onOffer ? given(record.DateFree) : undefined,
  };
}

/**
 * The summary of a listing as a new object of its own: kept for every listing, it must not hold
 * the full view (the description, the gallery, the facts) alive.
 */
export function summaryOf(listing: Listing): ListingSummary {
  return {
    id: listing.id,
    language: listing.language,
    goal: listing.goal,
    state: listing.state,
    availability: listing.availability,
    title: listing.title,
    type: listing.type,
    town: listing.town,
    region: listing.region,
    position: listing.position,
    price: listing.price,
    ribbon: listing.ribbon,
    picture: listing.picture,
    thumbnail: listing.thumbnail,
    teaserText: listing.teaserText,
    projectId: listing.projectId,
    rooms: listing.rooms,
    surfaces: listing.surfaces,
    energy: listing.energy,
    created: listing.created,
    lastChanged: listing.lastChanged,
    availableFrom: listing.availableFrom,
  };
}

/** A public project record as the site shows it; `listingOf` finds a unit's listing in the project's language. */
export function reshapeProject(record: PublicProject, listingOf: (id: number) => ListingSummary | undefined): ProjectView {
  return {
    id: record.ID,
    language: record.language,
    name: record.Name,
    title: `${record.Name} – ${record.City}`,
    description: record.DescriptionA,
    town: townOf(record),
    street: publishedStreetOf(record, record.PublicAddress),
    picture: optionalPicture(record.XLargePictureItem),
    pictures: record.XLargePictureItems.map(pictureOf),
    units: record.Units.map((unit) => {
      const listing = listingOf(unit.PropertyID);
      return {
        listingId: unit.PropertyID,
        name: unit.Name,
        floor: listing ? listing.rooms.floor : unit.Floor,
        price: given(unit.Price),
        sold: unit.Sold,
        listing,
      };
    }),
    created: record.CreatedDate,
    lastChanged: record.LastChangedDate,
  };
}
