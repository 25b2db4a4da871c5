// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PropertyEnergy } from '@/components/catalogue/property-energy';
import { PropertyFacts } from '@/components/catalogue/property-facts';
import { catalogueLanguages, getProperty, getPropertyIds, type Listing } from '@/lib/catalogue';
import { reshapeListing } from '@/lib/catalogue/listing-view';
import { checkedCatalogue } from '../checked-catalogue';
import { publicProperty } from '@/lib/catalogue/public-view';
import type { Language } from '@/lib/config';

/*
 * getTranslations needs a Next.js request; the mock answers with the real messages of the locale
 * the component asks for, so a missing key or a wrong locale fails here as it would on the page.
 */
vi.mock('next-intl/server', () => import('./intl-mock'));

afterEach(cleanup);

function listing(id: number, language: Language): Listing {
  const property = getProperty(id, language);
  if (!property) throw new Error(`listing ${id} (${language}) is missing from data/catalogue`);
  return property;
}

async function renderFacts(id: number, language: Language) {
  render(await PropertyFacts({ property: listing(id, language), language }));
}

/** The rows of one group as label → value, read through the accessible name of its section. */
function rowsOf(groupTitle: string): Record<string, string> {
  const section = screen.getByRole('region', { name: groupTitle });
  const rows: Record<string, string> = {};
  for (const term of within(section).getAllByRole('term')) {
    const definition = term.nextElementSibling;
    expect(definition?.tagName).toBe('DD');
    rows[term.textContent ?? ''] = definition?.textContent ?? '';
  }
  return rows;
}

const groupTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('PropertyFacts', () => {
  it('shows the flood symbol, with its meaning, beside a flood score in class D only (Flemish information duty)', async () => {
    await renderFacts(4000032, 'nl');
    const flood = screen.getByRole('region', { name: 'Overstromingsgevoeligheid' });
    const symbols = within(flood).getAllByText('Overstromingssymbool: middelgrote overstromingskans onder het huidige klimaat');
    // G-score D, P-score C: one symbol, beside the G-score.
    expect(symbols).toHaveLength(1);
    expect(symbols[0]?.closest('dd')?.previousElementSibling?.textContent).toBe('G-score (gebouw)');
    cleanup();
    await renderFacts(4000025, 'fr');
    // Testing Library reads the French no-break space before the colon as a space.
    expect(screen.getAllByText('Symbole d’inondation : probabilité moyenne d’inondation dans le climat actuel')).toHaveLength(2);
    cleanup();
    await renderFacts(4000001, 'en');
    expect(screen.queryByText(/Flood symbol/)).toBeNull();
  });

  it('shows the filled groups of a house with Dutch labels and Belgian formats', async () => {
    await renderFacts(4000001, 'nl');
    expect(groupTitles()).toEqual(['Algemeen', 'Kamers en parking', 'Oppervlaktes', 'Gebouw', 'Overstromingsgevoeligheid', 'Asbest', 'Comfort en afwerking', 'Stedenbouw en juridische informatie']);
    expect(rowsOf('Algemeen')).toEqual({
      Referentie: '4000001',
      Prijs: '€ 235.000',
      Gemeente: 'Bergen',
      Postcode: '7000',
      Land: 'België',
      Adres: 'Rue Albert Ier 20B',
      'Type pand': 'Woning met 4 slaapkamers',
      Transactie: 'Te koop',
    });
    expect(rowsOf('Oppervlaktes')).toEqual({
      'Totale oppervlakte': '155 m²',
      'Bewoonbare oppervlakte': '128 m²',
      Grondoppervlakte: '1.114 m²',
      'Oppervlakte tuin': '793 m²',
      'Oppervlakte terras': '32 m²',
      'Bebouwde oppervlakte': '70 m²',
      Perceelbreedte: '17,7 m',
      Gevelbreedte: '13,4 m',
    });
    expect(rowsOf('Gebouw')).toEqual({
      Bebouwing: 'Open bebouwing (4 gevels)',
      Bouwjaar: '1990',
      Renovatiejaar: '2010',
      'Kadastraal inkomen': '€ 1.170',
    });
    expect(rowsOf('Asbest')).toEqual({ 'Vaststelling asbest': 'Geen asbest vastgesteld', 'Datum asbestattest': '20-07-2026' });
  });

  it.each(['nl', 'en'] as const)('leaves the CRM notary fee and duties out where the computed purchase costs are shown (%s)', async (language) => {
    // 4000001 is for sale in Bergen at € 235,000: its CRM record says € 29,375 of duties (12.5 %),
    // while the estimate beside it applies the Walloon own-home rate; two figures for one cost.
    await renderFacts(4000001, language);
    expect(document.body.textContent).not.toMatch(/29[.,]375|4[.,]385/);
  });

  it.each([
    ['nl', { 'Notariskosten (schatting van het kantoor)': '€ 4.165', 'Registratierechten (schatting van het kantoor)': '€ 5.106' }],
    ['en', { 'Notary fees (agency’s estimate)': '€ 4.165', 'Registration duties (agency’s estimate)': '€ 5.106' }],
  ] as const)('names the CRM figures as the agency’s own where no estimate is shown: a sold reference (%s)', async (language, rows) => {
    await renderFacts(4000003, language);
    expect(rowsOf(language === 'nl' ? 'Kosten' : 'Costs')).toMatchObject(rows);
  });

  it('shows the same listing with French labels and the French record values', async () => {
    await renderFacts(4000001, 'fr');
    expect(rowsOf('Généralités')).toMatchObject({ Prix: '€ 235.000', Commune: 'Mons', Transaction: 'À vendre', 'Type de bien': 'Maison 4 chambres' });
    expect(rowsOf('Pièces et stationnement')).toEqual({
      Chambres: '4',
      'Salles de bains': '1',
      'Salles de douche': '1',
      Toilettes: '1',
      Garages: '1',
      'Emplacements de parking': '3',
      "Nombre d'étages": '2',
    });
    expect(rowsOf('Bâtiment')).toMatchObject({ 'Type de construction': 'Ouverte (4 façades)', 'Revenu cadastral': '€ 1.170' });
    expect(rowsOf('Confort et finitions')).toMatchObject({ Chauffage: 'Pompe à chaleur', Châssis: 'Bois' });
    expect(rowsOf('Inondation')).toEqual({
      "Aléa d'inondation": "Hors zone d'aléa d'inondation",
      'Zone inondable': 'Hors zone à risque',
      'Zone de rive délimitée': 'Non',
      'Score G (bâtiment)': 'A',
      'Score P (parcelle)': 'A',
    });
  });

  it('translates booleans to yes and no words', async () => {
    await renderFacts(4000001, 'nl');
    expect(rowsOf('Stedenbouw en juridische informatie')).toEqual({
      'Stedenbouwkundige vergunning': 'Ja',
      Verkavelingsvergunning: 'Nee',
      Voorkooprecht: 'Nee',
      Dagvaarding: 'Nee',
      'Rechterlijke beslissing': 'Nee',
      'Bestemming volgens gewestplan': 'Woongebied met landelijk karakter',
      'Vergund gebruik': 'Wonen',
    });
    cleanup();
    await renderFacts(4000001, 'fr');
    expect(rowsOf('Urbanisme et situation juridique')).toMatchObject({ "Permis d'urbanisme": 'Oui', 'Permis de lotir': 'Non', 'Droit de préemption': 'Non' });
  });

  it('leaves out every group that has no value, without an empty heading or list', async () => {
    // A lock-up garage for rent: only the basics are filled.
    await renderFacts(4000012, 'nl');
    expect(groupTitles()).toEqual(['Algemeen']);
    expect(screen.queryByRole('region', { name: 'Oppervlaktes' })).toBeNull();
    expect(document.querySelectorAll('section')).toHaveLength(1);
    expect(document.querySelectorAll('dl')).toHaveLength(1);
  });

  // Issue 39: a Flemish advertisement shows the flood scores and the EPC's unique code (lib/catalogue/flemish-advert.ts warns when they are missing).
  it('shows a Flemish listing’s flood scores and its EPC’s unique code', async () => {
    await renderFacts(4000056, 'nl');
    expect(rowsOf('Overstromingsgevoeligheid')).toMatchObject({ 'P-score (perceel)': 'B', 'G-score (gebouw)': 'C', Overstromingsgevaar: 'Middelmatig overstromingsgevaar' });
    cleanup();
    render(await PropertyEnergy({ property: listing(4000056, 'nl'), language: 'nl' }));
    const energy = screen.getByRole('region', { name: 'Energieprestatie' });
    const term = within(energy).getByText('Certificaatnummer');
    expect(term.nextElementSibling?.textContent).toBe('20190619-0009581474-RES-1');
  });

  it('has no surfaces, flood or legal section for a listing without those fields', async () => {
    await renderFacts(4000010, 'fr');
    const titles = groupTitles();
    expect(titles).toContain('Bâtiment');
    expect(titles).not.toContain('Superficies');
    expect(titles).not.toContain('Inondation');
    expect(titles).not.toContain('Urbanisme et situation juridique');
    expect(titles).not.toContain('Amiante');
  });

  it('shows the monthly rent, rental costs, the floor and a box number for a flat to let', async () => {
    await renderFacts(4000014, 'fr');
    expect(rowsOf('Généralités')).toMatchObject({
      'Loyer mensuel': '€ 905',
      Adresse: 'Rue du Moulin 171 boîte 3.2',
      Transaction: 'À louer',
    });
    expect(rowsOf('Généralités')).not.toHaveProperty('Prix');
    expect(rowsOf('Pièces et stationnement')).toMatchObject({ 'Salles de douche': '0', Étage: '3' });
    expect(rowsOf('Frais')).toEqual({
      'Charges (locataire)': '€ 140',
      'Garantie locative': '€ 1.810',
      "Frais d'agence (locataire)": '€ 0',
      "Frais d'état des lieux": '€ 290',
    });
  });

  it('hides the street when the address may not be published', async () => {
    await renderFacts(4000009, 'nl');
    const basics = rowsOf('Algemeen');
    expect(basics).not.toHaveProperty('Adres');
    expect(basics).toMatchObject({ Gemeente: 'Bergen', Postcode: '7000' });
    expect(document.body.textContent).not.toContain('Place communale');
  });

  it.each([
    ['nl', 'Prijs op aanvraag'],
    ['fr', 'Prix sur demande'],
    ['en', 'Price on demand'],
    ['de', 'Preis auf Anfrage'],
  ] as const)('shows the price on demand in %s when the price may not be published', async (language, onDemand) => {
    await renderFacts(4000007, language);
    const price = screen.getByText(onDemand);
    expect(price.tagName).toBe('DD');
    expect(document.body.textContent).not.toContain('365.000');
    // Notary fee and registration duties are shares of the price: they would give it away.
    expect(document.body.textContent).not.toMatch(/45\.625|5\.815/);
  });

  it('names the country of every listing, Luxembourg in the language of the page', async () => {
    await renderFacts(4000057, 'nl');
    expect(rowsOf('Algemeen')).toMatchObject({ Gemeente: 'Strassen', Land: 'Luxemburg' });
    cleanup();
    await renderFacts(4000057, 'fr');
    expect(rowsOf('Généralités')).toMatchObject({ Pays: 'Luxembourg' });
  });

  it('shows the life annuity of the viager listing', async () => {
    await renderFacts(4000010, 'nl');
    expect(rowsOf('Lijfrente')).toEqual({
      'Boeket (eenmalige som)': '€ 60.000',
      'Maandelijkse rente': '€ 980 per maand',
      'Leeftijd van de lijfrentetrekkers': '78 en 79 jaar',
      'Bewoond door de verkoper': 'Ja',
      Geïndexeerd: 'Ja',
    });
    cleanup();
    await renderFacts(4000010, 'fr');
    expect(rowsOf('Viager')).toMatchObject({ 'Rente mensuelle': '€ 980 par mois', 'Âge des crédirentiers': '78 et 79 ans', 'Viager occupé': 'Oui' });
  });

  it('never shows a row for null, undefined or empty text, and names the ground floor', async () => {
    const record = checkedCatalogue().properties.find((candidate) => candidate.ID === 4000002 && candidate.language === 'en');
    if (!record) throw new Error('listing 4000002 (en) is missing from data/catalogue');
    const property = reshapeListing(publicProperty({ ...record, Heating: '', Glazing: '   ', WindowFrame: null, Kitchen: undefined, NumberOfParkings: null }), new Set());
    render(await PropertyFacts({ property, language: 'en' }));
    const comfort = rowsOf('Comfort and finishing');
    expect(comfort).not.toHaveProperty('Heating');
    expect(comfort).not.toHaveProperty('Glazing');
    expect(comfort).not.toHaveProperty('Window frames');
    expect(comfort).not.toHaveProperty('Kitchen');
    expect(comfort).toHaveProperty('Interior features', 'Home automation, cellar');
    const rooms = rowsOf('Rooms and parking');
    expect(rooms).not.toHaveProperty('Parking spaces');
    expect(rooms).toMatchObject({ Floor: 'Ground floor', 'Shower rooms': '0' });
  });

  it('renders every listing in every language with translated labels and no empty value', async () => {
    for (const id of getPropertyIds()) {
      for (const language of catalogueLanguages) {
        const { container, unmount } = render(await PropertyFacts({ property: listing(id, language), language }));
        // A missing message comes out as its key path ("facts.labels.x"), which a visitor must never see.
        expect(container.textContent, `${id} ${language}`).not.toMatch(/facts\.|labels\.|values\.|groups\./);
        for (const definition of container.querySelectorAll('dd')) expect(definition.textContent?.trim(), `${id} ${language}`).not.toBe('');
        for (const list of container.querySelectorAll('dl')) expect(list.children.length, `${id} ${language}`).toBeGreaterThan(0);
        unmount();
      }
    }
  });

  it('has no life annuity section for an ordinary sale', async () => {
    await renderFacts(4000001, 'en');
    expect(screen.queryByRole('region', { name: 'Life annuity (viager)' })).toBeNull();
    expect(groupTitles()).not.toContain('Life annuity (viager)');
  });

  it('labels every section by its own heading', async () => {
    await renderFacts(4000001, 'de');
    const sections = [...document.querySelectorAll('section')];
    expect(sections.length).toBeGreaterThan(1);
    for (const section of sections) {
      const heading = section.querySelector('h2');
      expect(heading?.id).toBeTruthy();
      expect(section.getAttribute('aria-labelledby')).toBe(heading?.id);
    }
    expect(rowsOf('Gebäude')).toMatchObject({ Bebauung: 'Offene Bebauung (4 Fassaden)', Katastereinkommen: '€ 1.170' });
  });
});
