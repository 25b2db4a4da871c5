/*
 * A list's query: what a searcher can ask (?city=Name|Zip, ?type=WebID, the figures, ?bbox, ?status,
 * ?sort, ?page), read from and written to a URL. Apart from list-query.ts, which filters, sorts and
 * counts the listings, so that the server's list island, which leaves those to the server, ships
 * only this.
 */

export const listSorts = ['newest', 'price-asc', 'price-desc'] as const;
export type ListSort = (typeof listSorts)[number];

/** A list shows what is on offer; `references` shows the sold (or rented) listings instead. */
export const listStatuses = ['on-offer', 'references'] as const;
export type ListStatus = (typeof listStatuses)[number];

/** EPC letters, best first, as the filter offers them: a label counts as its letter (A+ is A, B- is B). */
export const epcLetters = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;
export type EpcLetter = (typeof epcLetters)[number];

/**
 * What a searcher can ask of a list. The figures are lower or upper bounds: a price in euros, the
 * number of bedrooms, the living surface in m², the worst EPC letter accepted.
 */
export type ListParams = {
  city?: string;
  /** The map's visible area ("search this area"): only listings placed inside it. */
  bbox?: ListBbox;
  type?: number;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  surface?: number;
  epc?: EpcLetter;
  status: ListStatus;
  sort: ListSort;
  page: number;
};

/** The query names of the figures, in the order a list URL writes them. */
const figureKeys = { minPrice: 'min-price', maxPrice: 'max-price', bedrooms: 'bedrooms', surface: 'surface' } as const;
type Figure = keyof typeof figureKeys;
/** A figure above these is no search anyone makes: it is ignored rather than carried into URLs and caches. */
const figureLimits: Record<Figure, number> = { minPrice: 100_000_000, maxPrice: 100_000_000, bedrooms: 50, surface: 100_000 };

/** The choices the filter offers; a value from a URL that is not among them is shown as well. */
export const figureSteps = {
  price: { sale: [100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 500_000, 750_000, 1_000_000], rent: [500, 600, 700, 800, 900, 1_000, 1_250, 1_500, 2_000, 2_500] },
  bedrooms: [1, 2, 3, 4, 5],
  surface: [50, 75, 100, 125, 150, 200, 250, 300],
} as const;

/** An area of the map in degrees, west to east and south to north. */
export type ListBbox = { minLng: number; minLat: number; maxLng: number; maxLat: number };

/**
 * The area a bbox may cover: Belgium and Luxembourg with a margin. A map zoomed out further is
 * cut to it (components/catalogue/list-map), so a URL outside it is no search the site offers.
 */
export const bboxLimits: ListBbox = { minLng: 2.3, minLat: 49.3, maxLng: 6.7, maxLat: 51.7 };
/** Four decimals are about 10 m: finer adds nothing to a search but copies in caches. */
export const bboxDecimals = 4;
const coordinatePattern = /^-?\d{1,3}(?:\.\d{1,4})?$/;

/** Parses ?bbox=minLng,minLat,maxLng,maxLat; anything else (reversed, outside the limits, more decimals) is ignored. */
export function parseBbox(value: string | null | undefined): ListBbox | undefined {
  if (!value || value.length > 60) return undefined;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => coordinatePattern.test(part))) return undefined;
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number);
  if (minLng === undefined || minLat === undefined || maxLng === undefined || maxLat === undefined) return undefined;
  if (minLng >= maxLng || minLat >= maxLat) return undefined;
  if (minLng < bboxLimits.minLng || maxLng > bboxLimits.maxLng || minLat < bboxLimits.minLat || maxLat > bboxLimits.maxLat) return undefined;
  return { minLng, minLat, maxLng, maxLat };
}

/** The ?bbox= value of an area. */
export const bboxText = (box: ListBbox) => [box.minLng, box.minLat, box.maxLng, box.maxLat].map((value) => Number(value.toFixed(bboxDecimals))).join(',');

function figure(params: URLSearchParams, key: Figure): number | undefined {
  const text = params.get(figureKeys[key]);
  if (text === null || !/^\d{1,9}$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value > 0 && value <= figureLimits[key] ? value : undefined;
}

export function parseListParams(params: URLSearchParams): ListParams {
  const city = params.get('city')?.trim() || undefined;
  const typeValue = Number(params.get('type'));
  const type = params.has('type') && Number.isInteger(typeValue) && typeValue > 0 ? typeValue : undefined;
  const sortValue = params.get('sort');
  const sort = listSorts.find((candidate) => candidate === sortValue) ?? 'newest';
  const status = listStatuses.find((candidate) => candidate === params.get('status')) ?? 'on-offer';
  const pageValue = Number(params.get('page'));
  const page = Number.isInteger(pageValue) && pageValue > 0 ? pageValue : 1;
  const epc = epcLetters.find((letter) => letter === params.get('epc')?.trim().toLowerCase());
  return {
    city,
    type,
    bbox: parseBbox(params.get('bbox')),
    minPrice: figure(params, 'minPrice'),
    maxPrice: figure(params, 'maxPrice'),
    bedrooms: figure(params, 'bedrooms'),
    surface: figure(params, 'surface'),
    epc,
    status,
    sort,
    page,
  };
}

export type ListResult = { ids: number[]; total: number; page: number; pages: number };

/** The filters a searcher chooses, each a select of the list's form whose choices are counted. */
export const listFacets = ['city', 'type', 'minPrice', 'maxPrice', 'bedrooms', 'surface', 'epc'] as const;
export type ListFacet = (typeof listFacets)[number];

export const isPriceFacet = (facet: ListFacet): facet is 'minPrice' | 'maxPrice' => facet === 'minPrice' || facet === 'maxPrice';

/** Stands for a price choice's amount in its text (lib/catalogue/list-form.ts): the browser writes the amount in. */
export const priceLabel = '{label}';

/** The steps offered, with a value from the URL that is not one of them in its place. */
const withValue = (steps: readonly number[], value: number | undefined): readonly number[] => (value === undefined || steps.includes(value) ? steps : [...steps, value].sort((a, b) => a - b));

/** The figure choices a list's form offers for these params: the steps, and the URL's own value. */
export function figureChoices(goal: 'sale' | 'rent', params: ListParams): Record<'minPrice' | 'maxPrice' | 'bedrooms' | 'surface', readonly number[]> {
  const prices = withValue(withValue(figureSteps.price[goal], params.minPrice), params.maxPrice);
  return { minPrice: prices, maxPrice: prices, bedrooms: withValue(figureSteps.bedrooms, params.bedrooms), surface: withValue(figureSteps.surface, params.surface) };
}

/** The step nearest to a value (the lower of two as near): what a list's filter would have chosen. */
function nearestStep(steps: readonly number[], value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return steps.reduce((best, step) => (Math.abs(step - value) < Math.abs(best - value) ? step : best));
}

/**
 * The params with each figure one of the steps its filter offers, the nearest: a value between
 * steps names no choice of the form, and each such value would be one more URL to render.
 */
export function nearestFigureChoices(goal: 'sale' | 'rent', params: ListParams): ListParams {
  return {
    ...params,
    minPrice: nearestStep(figureSteps.price[goal], params.minPrice),
    maxPrice: nearestStep(figureSteps.price[goal], params.maxPrice),
    bedrooms: nearestStep(figureSteps.bedrooms, params.bedrooms),
    surface: nearestStep(figureSteps.surface, params.surface),
  };
}

/**
 * The page numbers a list links to: the first, the last, and a window around the current page;
 * `null` stands for the pages left out between them. Bounded whatever the number of pages, so a
 * list of 5,000 listings does not link to its 417 pages from each of them.
 */
export function pageWindow(page: number, pages: number, radius = 2): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let near = Math.max(1, page - radius); near <= Math.min(pages, page + radius); near += 1) shown.add(near);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || number === previous + 1) return [number];
    // A gap of one page shows that page rather than an ellipsis standing for it.
    return number === previous + 2 ? [previous + 1, number] : [null, number];
  });
}

/** The query string of a list URL, without defaults, for links and the filter form. */
export function listQueryString(params: Partial<ListParams>): string {
  const query = new URLSearchParams();
  if (params.city) query.set('city', params.city);
  if (params.type !== undefined) query.set('type', String(params.type));
  for (const key of ['minPrice', 'maxPrice', 'bedrooms', 'surface'] as const) {
    const value = params[key];
    if (value !== undefined) query.set(figureKeys[key], String(value));
  }
  if (params.epc) query.set('epc', params.epc);
  if (params.bbox) query.set('bbox', bboxText(params.bbox));
  if (params.status === 'references') query.set('status', params.status);
  if (params.sort && params.sort !== 'newest') query.set('sort', params.sort);
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The query parameters a list reads; any other parameter is not the list's. */
export const listQueryKeys = ['city', 'type', 'min-price', 'max-price', 'bedrooms', 'surface', 'epc', 'bbox', 'status', 'sort', 'page'] as const;
