import { rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue, type CatalogueSnapshot } from '@/lib/catalogue/load';
import { publicProperty } from '@/lib/catalogue/public-view';
import type { DataDirs } from '@/lib/data-check';
import { runCase, type CorpusCase, type JsonFile } from './harness';

/*
 * Issue 14, the catalogue folder: staff-like edits of data/catalogue (and of the pictures and
 * documents it names), each refused where it is wrong, or warned about with the fallback probed.
 */

const properties = 'data/catalogue/properties.json';
const projects = 'data/catalogue/projects.json';
const types = 'data/catalogue/types.json';
const cities = 'data/catalogue/cities.json';
const owners = 'data/catalogue/owners.json';
const slots = 'data/catalogue/appointment-slots.json';

const languages = ['nl', 'fr', 'en', 'de'] as const;
type Lang = (typeof languages)[number];

/** Position of a listing's (or project's) language record. */
const find = (file: JsonFile, id: number, language: Lang) => file.indexOf((r) => r.ID === id && r.language === language);
/** Sets a field in one language record. */
const setIn = (file: JsonFile, id: number, language: Lang, field: string | ReadonlyArray<string | number>, value: unknown) =>
  file.set([find(file, id, language), ...(typeof field === 'string' ? [field] : field)], value);
/** Sets a field in every language record: a fact changed consistently, as the CRM would. */
const setAll = (file: JsonFile, id: number, field: string | ReadonlyArray<string | number>, value: unknown) => {
  for (const language of languages) setIn(file, id, language, field, value);
};
const recordOf = (id: number, language: Lang) => new RegExp(`\\(ID ${id}, ${language}\\)`);

const bergen = 4000001; // Mons, 7000, for sale, three pictures
const strassen = 4000057; // Luxembourg, L-8001
const kortrijk = 4000056; // Flanders (8500)
const rental = 4000011; // for rent, Mons
const projectA = 5000001; // units 4000002 (available), 4000003 (sold), 4000004, 4000005

function snapshotOf(dirs: Required<DataDirs>): CatalogueSnapshot {
  const result = readCatalogue(dirs.catalogueDir, { publicDir: dirs.publicDir });
  if (!result.ok) throw new Error('the catalogue should have been read');
  return result.snapshot;
}

function listing(snapshot: CatalogueSnapshot, id: number, language: Lang) {
  const found = snapshot.properties.find((p) => p.ID === id && p.language === language);
  if (!found) throw new Error(`no listing ${id} ${language}`);
  return found;
}

const removePublic =
  (...files: string[]) =>
  (root: string) => {
    for (const file of files) rmSync(path.join(root, 'public', file));
  };

const cases: CorpusCase[] = [
  // --- Country, postcode, country name -------------------------------------------------------
  {
    name: 'a Belgian town in Mons given the Luxembourg country id',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, bergen, 'CountryID', 50);
      setIn(f, bergen, 'nl', 'CountryName', 'Luxemburg');
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'CountryID', message: /7000 Bergen is a town of Belgium in cities\.json/ } },
  },
  {
    name: 'the Luxembourg listing given the Belgian country id',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, strassen, 'CountryID', 10),
    expect: { refused: { file: properties, record: recordOf(strassen, 'fr'), field: 'CountryID', message: /town of Luxembourg/ } },
  },
  {
    name: 'a Belgian postcode below 1000',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'Zip', '0700'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'Zip', message: /1000 to 9999/ } },
  },
  {
    name: 'the French country name pasted into a Dutch record',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'nl', 'CountryName', 'Belgique'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'CountryName', message: /"België"/ } },
  },
  {
    name: 'the Luxembourg listing named Belgium in German',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, strassen, 'de', 'CountryName', 'Belgien'),
    expect: { refused: { file: properties, record: recordOf(strassen, 'de'), field: 'CountryName', message: /"Luxemburg"/ } },
  },
  {
    name: 'a town of cities.json with the wrong country name',
    file: 'catalogue/cities.json',
    edit: (f) => f.set(['all', f.indexOf((c) => c.Zip === '7000' && c.language === 'en', ['all']), 'CountryName'], 'Belgique'),
    expect: { refused: { file: cities, record: /all\[\d+\] \(7000 Mons, en\)/, field: 'CountryName', message: /"Belgium"/ } },
  },
  {
    name: 'Mons moved to Luxembourg in cities.json',
    file: 'catalogue/cities.json',
    edit: (f) => {
      const index = f.indexOf((c) => c.Zip === '7000' && c.language === 'fr', ['all']);
      f.set(['all', index, 'CountryID'], '50');
      f.set(['all', index, 'CountryName'], 'Luxembourg');
    },
    expect: { refused: { file: properties, record: /\(ID \d+, fr\)/, field: 'CountryID', message: /town of Luxembourg in cities\.json/ } },
  },
  {
    name: 'a town of the rent list misspelt',
    file: 'catalogue/cities.json',
    edit: (f) => f.set(['rent', f.indexOf((c) => c.language === 'fr', ['rent']), 'Name'], 'Monss'),
    expect: { refused: { file: cities, record: /rent\[\d+\] \(\d{4} Monss, fr\)/, field: 'Name', message: /not in the "all" list/ } },
  },
  {
    name: 'a Luxembourg postcode written with its L- prefix',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, strassen, 'en', 'Zip', 'L-8001'),
    expect: { refused: { file: properties, record: recordOf(strassen, 'en'), field: 'Zip' } },
  },
  {
    name: 'a project whose country name is English in its French record',
    file: 'catalogue/projects.json',
    edit: (f) => setIn(f, projectA, 'fr', 'CountryName', 'Belgium'),
    expect: { refused: { file: projects, record: recordOf(projectA, 'fr'), field: 'CountryName', message: /"Belgique"/ } },
  },

  // --- Coordinates ---------------------------------------------------------------------------
  {
    name: 'latitude and longitude swapped in every language',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, bergen, 'GoogleX', 3.95236);
      setAll(f, bergen, 'GoogleY', 50.46571);
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'GoogleX', message: /look swapped.*GoogleX is the latitude/ } },
  },
  {
    name: 'a listing placed in Paris',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, bergen, 'GoogleX', 48.8566);
      setAll(f, bergen, 'GoogleY', 2.3522);
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'de'), field: 'GoogleX', message: /outside Belgium/ } },
  },
  {
    name: 'a Belgian listing placed in Luxembourg City',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, bergen, 'GoogleX', 49.6116);
      setAll(f, bergen, 'GoogleY', 6.1319);
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'GoogleX', message: /are in Luxembourg, but CountryID 10/ } },
  },
  {
    name: 'a Mons listing with the coordinates of Liège',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, bergen, 'GoogleX', 50.6326);
      setAll(f, bergen, 'GoogleY', 5.5797);
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'GoogleX', message: /postcode 7000 is in Hainaut/ } },
  },
  {
    name: 'a Mons listing 25 km from the other Mons listings',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'GoogleY', 3.6),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'GoogleX', message: /\d+ km from the other listings of 7000 Mons/ } },
  },
  {
    name: 'a project with swapped coordinates',
    file: 'catalogue/projects.json',
    edit: (f) => {
      setAll(f, projectA, 'GoogleX', 3.95012);
      setAll(f, projectA, 'GoogleY', 50.45561);
    },
    expect: { refused: { file: projects, record: recordOf(projectA, 'de'), field: 'GoogleX', message: /look swapped/ } },
  },

  // --- One listing, one set of facts ---------------------------------------------------------
  {
    name: 'the price changed in the French record only',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'fr', 'Price', 245000),
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'Price', message: /differs between the language records of listing 4000001 .*fr 245000/ } },
  },
  {
    name: 'a listing marked sold in German only',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'de', 'Status', 2),
    expect: { refused: { file: properties, record: recordOf(bergen, 'de'), field: 'Status', message: /same in every language/ } },
  },
  {
    name: 'the living surface corrected in English only',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'en', 'SurfaceLiving', 182),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'SurfaceLiving', message: /differs/ } },
  },
  {
    name: 'one bedroom more in Dutch',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'nl', 'NumberOfBedRooms', 5),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'NumberOfBedRooms', message: /the others say 4/ } },
  },
  {
    name: 'price hidden in one language only',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'en', 'PublishPrice', false),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'PublishPrice' } },
  },
  {
    name: 'a latitude typo in one language record',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'en', 'GoogleX', 50.56571),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'GoogleX', message: /differs between the language records/ } },
  },
  {
    name: 'a project address changed in Dutch only',
    file: 'catalogue/projects.json',
    edit: (f) => setIn(f, projectA, 'nl', 'HouseNumber', '26'),
    expect: { refused: { file: projects, record: recordOf(projectA, 'nl'), field: 'HouseNumber', message: /project 5000001/ } },
  },

  // --- Projects and their units --------------------------------------------------------------
  {
    name: 'a unit marked sold while its listing is on offer',
    file: 'catalogue/projects.json',
    edit: (f) => setAll(f, projectA, ['Units', 0, 'Sold'], true),
    expect: { refused: { file: projects, record: recordOf(projectA, 'nl'), field: 'Units.0.Sold', message: /listing 4000002 has Status 1 \(on offer\)/ } },
  },
  {
    name: 'a listing sold while its unit is still available',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, 4000004, 'Status', 2),
    expect: { refused: { file: projects, record: recordOf(projectA, 'en'), field: 'Units.2.Sold', message: /Status 2 \(sold\)/ } },
  },
  {
    name: 'a unit sold in the French project record only',
    file: 'catalogue/projects.json',
    edit: (f) => setIn(f, projectA, 'fr', ['Units', 0, 'Sold'], true),
    expect: {
      refused: {
        file: projects,
        record: recordOf(projectA, 'fr'),
        field: 'Units.0.Sold',
        message: /differs between the language records of project 5000001 \(nl false, fr true, en false, de false\)/,
      },
    },
  },
  {
    name: 'a unit with another price than its listing',
    file: 'catalogue/projects.json',
    edit: (f) => setAll(f, projectA, ['Units', 2, 'Price'], 258000),
    expect: { refused: { file: projects, record: recordOf(projectA, 'de'), field: 'Units.2.Price', message: /says 285000/ } },
  },
  {
    name: 'a unit whose listing forgot its project',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, 4000002, 'ProjectID', null),
    expect: { refused: { file: projects, record: recordOf(projectA, 'nl'), field: 'Units.0.PropertyID', message: /set it to 5000001/ } },
  },
  {
    name: 'a listing claiming a project that does not list it',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'ProjectID', projectA),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'ProjectID', message: /has no unit with PropertyID 4000001/ } },
  },

  // --- Prices, status, goal ------------------------------------------------------------------
  {
    name: 'a published price of 0',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'Price', 0),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'Price', message: /€ 0.*PublishPrice to false/ } },
  },
  {
    name: 'a sale price typed in thousands',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'Price', 235),
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'Price', message: /295000.*price on request/ } },
  },
  {
    // The wording of type errors is part A's; this case holds once its messages are merged.
    name: 'a price written with a thousands dot',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'Price', '235.000'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'Price' } },
  },
  {
    name: 'a listing for sale marked rented',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'Status', 4),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'Status', message: /for sale is 1 \(on offer\) or 2 \(sold\)/ } },
  },
  {
    name: 'registration duties on a rental',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, rental, 'RegistrationRights', 12500),
    expect: { refused: { file: properties, record: recordOf(rental, 'en'), field: 'RegistrationRights', message: /for rent/ } },
  },
  {
    name: 'a type no longer offered for rent while a rental uses it',
    file: 'catalogue/types.json',
    edit: (f) => {
      for (const language of languages) f.set([f.indexOf((t) => t.WebID === '3' && t.language === language), 'Rent'], false);
    },
    expect: { refused: { file: properties, record: /\(ID \d+, nl\)/, field: 'WebIDs', message: /not offered for rent/ } },
  },
  {
    name: 'an EPC label that does not exist',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'EPCLabelText', 'AB'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'EPCLabelText', message: /not an energy label of Wallonia.*A\+\+, A\+, A, B/ } },
  },
  {
    name: 'a Walloon A++ label on a Flemish listing',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, kortrijk, 'EPCLabelText', 'A++'),
    expect: { refused: { file: properties, record: recordOf(kortrijk, 'fr'), field: 'EPCLabelText', message: /of Flanders/ } },
  },

  // --- Against data/site ---------------------------------------------------------------------
  {
    name: 'a French marquee name in the Dutch record',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, f.records()[f.indexOf((r) => r.Marquee === 1 && r.language === 'nl')]?.ID as number, 'nl', 'MarqueeName', 'Nouveau'),
    expect: { refused: { file: properties, record: /\(ID \d+, nl\)/, field: 'MarqueeName', message: /"Nieuw"/ } },
  },
  {
    name: 'the sold marquee on a listing still on offer',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, bergen, 'Marquee', 3);
      for (const [language, name] of [
        ['nl', 'Verkocht'],
        ['fr', 'Vendu'],
        ['en', 'Sold'],
        ['de', 'Verkauft'],
      ] as const)
        setIn(f, bergen, language, 'MarqueeName', name);
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'Marquee', message: /set Status to 2/ } },
  },
  {
    // Under option qualifies a listing on offer (lib/catalogue/listing-view): on a sold one it says nothing true.
    name: 'the option marquee on a sold listing',
    file: 'catalogue/properties.json',
    edit: (f) => {
      setAll(f, 4000003, 'Marquee', 2);
      for (const [language, name] of [
        ['nl', 'Optie'],
        ['fr', 'Option'],
        ['en', 'Under option'],
        ['de', 'Option'],
      ] as const)
        setIn(f, 4000003, language, 'MarqueeName', name);
    },
    expect: { refused: { file: properties, record: recordOf(4000003, 'en'), field: 'Marquee', message: /says the listing is under option, but its Status is 2 \(sold\): set Status to 1/ } },
  },
  {
    name: 'a manager name that is not the team member of the e-mail',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'ManagerName', 'Sophie Lamberts'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'ManagerName', message: /team\.json, who is "/ } },
  },
  {
    name: 'a picture on an old CRM host',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, ['XLargePictureItems', 1, 'Url'], 'https://images.oldcrm.example.be/catalogue/4000001/2-xl.webp'),
    files: (root) => {
      const site = path.join(root, 'site/site.json');
      const text = readFileSync(site, 'utf8');
      writeFileSync(site, text.replace('"legacyImageHosts": []', '"legacyImageHosts": ["images.oldcrm.example.be"]'));
    },
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'XLargePictureItems.1.Url', message: /old image host.*\/catalogue\/4000001\/2-xl\.webp/ } },
  },
  {
    name: 'a picture hot-linked from another site',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'fr', ['SmallPictureItem', 'Url'], 'https://photos.example.com/house.jpg'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'SmallPictureItem.Url', message: /another site/ } },
  },

  // --- Picture paths and files ---------------------------------------------------------------
  {
    name: 'a picture path climbing out with ../',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'nl', ['XLargePictureItems', 0, 'Url'], '/catalogue/../images/team/1.webp'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'XLargePictureItems.0.Url', message: /"\.\.\/"/ } },
  },
  {
    name: 'a picture path with a double slash',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'de', ['SmallPictureItems', 2, 'Url'], '/catalogue/4000001//3-sm.webp'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'de'), field: 'SmallPictureItems.2.Url', message: /single slashes/ } },
  },
  {
    name: 'a picture outside the catalogue folder',
    file: 'catalogue/projects.json',
    edit: (f) => setIn(f, projectA, 'en', ['XLargePictureItem', 'Url'], '/images/logo.png'),
    expect: { refused: { file: projects, record: recordOf(projectA, 'en'), field: 'XLargePictureItem.Url', message: /public\/catalogue\// } },
  },
  {
    name: 'a plan in PDF given as a picture',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'en', ['XLargePictureItems', 2, 'Url'], '/catalogue/4000001/plan.pdf'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'XLargePictureItems.2.Url', message: /\.webp, \.jpg or \.png/ } },
  },
  {
    name: 'one gallery picture missing on disk',
    file: 'catalogue/properties.json',
    files: removePublic('catalogue/4000001/2-xl.webp'),
    expect: {
      warned: { file: properties, record: recordOf(bergen, 'nl'), field: 'XLargePictureItems.1.Url', message: /public\/catalogue\/4000001\/2-xl\.webp does not exist/ },
      probe: (dirs) => {
        const snapshot = snapshotOf(dirs);
        for (const language of languages) {
          const property = listing(snapshot, bergen, language);
          expect(property.XLargePictureItems.map((p) => p.Url)).toEqual(['/catalogue/4000001/1-xl.webp', '/catalogue/4000001/3-xl.webp']);
          expect(property.XLargePictureItem?.Url).toBe('/catalogue/4000001/1-xl.webp');
          expect(property.SmallPictureItems).toHaveLength(3);
        }
        expect(JSON.stringify(snapshot)).not.toContain('4000001/2-xl.webp');
      },
    },
  },
  {
    name: 'the main picture missing on disk: the next one becomes the main one',
    file: 'catalogue/properties.json',
    files: removePublic('catalogue/4000001/1-xl.webp', 'catalogue/4000001/1-sm.webp'),
    expect: {
      warned: { file: properties, record: recordOf(bergen, 'fr'), field: 'XLargePictureItem.Url' },
      probe: (dirs) => {
        const property = listing(snapshotOf(dirs), bergen, 'fr');
        expect(property.XLargePictureItem?.Url).toBe('/catalogue/4000001/2-xl.webp');
        expect(property.SmallPictureItem?.Url).toBe('/catalogue/4000001/2-sm.webp');
        // What cards, social cards, JSON-LD and mails read: the public view keeps the fallback.
        expect(publicProperty(property).XLargePictureItem?.Url).toBe('/catalogue/4000001/2-xl.webp');
      },
    },
  },
  {
    name: 'every picture of a listing missing: the "no photo" view',
    file: 'catalogue/properties.json',
    files: (root) => rmSync(path.join(root, 'public/catalogue/4000001'), { recursive: true }),
    expect: {
      warned: { file: properties, record: recordOf(bergen, 'en'), field: 'SmallPictureItem.Url', message: /also named in SmallPictureItems\.0\.Url/ },
      probe: (dirs) => {
        const property = listing(snapshotOf(dirs), bergen, 'en');
        expect(property.XLargePictureItem).toBeNull();
        expect(property.SmallPictureItem).toBeNull();
        expect(property.XLargePictureItems).toEqual([]);
        expect(property.SmallPictureItems).toEqual([]);
      },
    },
  },
  {
    name: 'a project picture missing on disk',
    file: 'catalogue/projects.json',
    files: removePublic('catalogue/projects/5000001/1-xl.webp'),
    expect: {
      warned: { file: projects, record: recordOf(projectA, 'nl'), field: 'XLargePictureItem.Url' },
      probe: (dirs) => {
        const project = snapshotOf(dirs).projects.find((p) => p.ID === projectA && p.language === 'nl');
        expect(project?.XLargePictureItems.some((p) => p.Url.endsWith('/1-xl.webp'))).toBe(false);
        expect(project?.XLargePictureItem?.Url).toBe(project?.XLargePictureItems[0]?.Url);
      },
    },
  },

  // --- Text where pages print text -----------------------------------------------------------
  {
    name: 'bold markup in a type description',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'nl', 'TypeDescription', 'Woning met <b>4 slaapkamers</b>'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'TypeDescription', message: /HTML markup.*plain text/ } },
  },
  {
    name: 'a script in the main type name',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'fr', 'MainTypeName', 'Maison<script>alert(1)</script>'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'MainTypeName', message: /HTML markup/ } },
  },
  {
    name: 'a line break tag in a street',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'Street', 'Rue Albert Ier<br>'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'de'), field: 'Street', message: /HTML markup/ } },
  },
  {
    name: 'a web address as a picture caption',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'en', ['XLargePictureItems', 1, 'Name'], 'See www.immo-hainaut.be for more'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'en'), field: 'XLargePictureItems.1.Name', message: /web address/ } },
  },
  {
    name: 'markup in a document name',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'nl', ['Documents', 0, 'Name'], '<i>EPB-certificaat</i>'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'Documents.0.Name' } },
  },
  {
    name: 'a link in a point of interest',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'fr', ['PointsOfInterest', 1, 'Name'], 'Supermarché https://www.delhaize.be'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'PointsOfInterest.1.Name', message: /web address/ } },
  },
  {
    name: 'an HTML entity in a project name',
    file: 'catalogue/projects.json',
    edit: (f) => setIn(f, projectA, 'fr', 'Name', 'Résidence Jardins &amp; Beffroi'),
    expect: { refused: { file: projects, record: recordOf(projectA, 'fr'), field: 'Name', message: /HTML markup/ } },
  },
  {
    name: 'markup in a unit name',
    file: 'catalogue/projects.json',
    edit: (f) => setAll(f, projectA, ['Units', 1, 'Name'], '<u>A.1.1</u>'),
    expect: { refused: { file: projects, record: recordOf(projectA, 'nl'), field: 'Units.1.Name' } },
  },
  {
    name: 'markup in a type name of types.json',
    file: 'catalogue/types.json',
    edit: (f) => f.set([f.indexOf((t) => t.WebID === '2' && t.language === 'en'), 'Name'], '<strong>Studio</strong>'),
    expect: { refused: { file: types, record: /\(ID \d+, en\)/, field: 'Name', message: /HTML markup/ } },
  },
  {
    name: 'markup in a town name of the sale list',
    file: 'catalogue/cities.json',
    edit: (f) => f.set(['sale', 0, 'Name'], 'Bergen <small>(centrum)</small>'),
    expect: { refused: { file: cities, record: /sale\[0\]/, field: 'Name', message: /HTML markup/ } },
  },
  {
    name: 'markup in an owner name',
    file: 'catalogue/owners.json',
    edit: (f) => f.set([0, 'FirstName'], '<b>Jean-Marc</b>'),
    expect: { refused: { file: owners, record: /record #0 \(ID 1\)/, field: 'FirstName' } },
  },
  {
    name: 'a link pasted in a CRM calendar subject',
    file: 'catalogue/owners.json',
    edit: (f) => f.set([0, 'History', 0, 'Calendar', 1, 'Subject'], 'Photos: https://wetransfer.com/abc'),
    expect: { refused: { file: owners, record: /\(ID 1\)/, field: 'History.0.Calendar.1.Subject', message: /web address/ } },
  },

  // --- Link fields ---------------------------------------------------------------------------
  {
    name: 'a virtual tour on plain http',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, 'VirtualTour', 'http://my.matterport.com/show/?m=Q4wcLo4Cbcg'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'VirtualTour', message: /only secure https:\/\/ links.*https:\/\/my\.matterport\.com/ } },
  },
  {
    name: 'a video link on plain http',
    file: 'catalogue/properties.json',
    edit: (f) => setAll(f, bergen, ['VideoLinks', 0], 'http://www.youtube.com/watch?v=b5EK7Q-jPoV'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'fr'), field: 'VideoLinks.0', message: /https/ } },
  },
  {
    name: 'a project website on plain http',
    file: 'catalogue/projects.json',
    edit: (f) => setAll(f, projectA, 'ExternalWeb', 'http://jardins-du-beffroi.example.be/'),
    expect: { refused: { file: projects, record: recordOf(projectA, 'en'), field: 'ExternalWeb', message: /https/ } },
  },
  {
    name: 'an owner portal link on plain http',
    file: 'catalogue/owners.json',
    edit: (f) => f.set([0, 'History', 0, 'OnlineMedia', 0, 'Url'], 'http://www.immoweb.be/annonce/123'),
    expect: { refused: { file: owners, record: /\(ID 1\)/, field: 'History.0.OnlineMedia.0.Url', message: /https/ } },
  },

  // --- Documents -----------------------------------------------------------------------------
  {
    name: 'a document whose file was not copied',
    file: 'catalogue/properties.json',
    files: (root) => rmSync(path.join(root, 'catalogue/documents/4000001-cadastre.pdf')),
    expect: { refused: { file: properties, record: recordOf(bergen, 'nl'), field: 'Documents.1.Url', message: /4000001-cadastre\.pdf does not exist/ } },
  },
  {
    name: 'a document given as a Word file',
    file: 'catalogue/properties.json',
    edit: (f) => setIn(f, bergen, 'de', ['Documents', 0, 'Url'], '/catalogue/documents/4000001-epc.docx'),
    expect: { refused: { file: properties, record: recordOf(bergen, 'de'), field: 'Documents.0.Url', message: /PDF/ } },
  },

  // --- Appointment slots and types -----------------------------------------------------------
  {
    name: 'a visit slot without a time',
    file: 'catalogue/appointment-slots.json',
    edit: (f) => {
      f.set([1, 'Start'], '2026-12-26');
      f.set([1, 'End'], '2026-12-26T11:30:00');
    },
    expect: { refused: { file: slots, record: /record #1 \(ID 2\)/, field: 'Start', message: /date and a time/ } },
  },
  {
    name: 'a visit slot ending the next day',
    file: 'catalogue/appointment-slots.json',
    edit: (f) => f.set([1, 'End'], '2026-12-27T11:30:00'),
    expect: { refused: { file: slots, record: /\(ID 2\)/, field: 'End', message: /same day/ } },
  },
  {
    name: 'a visit slot for a listing that does not exist',
    file: 'catalogue/appointment-slots.json',
    edit: (f) => f.set([0, 'PropertyID'], 4000999),
    expect: { refused: { file: slots, record: /\(ID 1\)/, field: 'PropertyID' } },
  },
  {
    name: 'a type without its German record',
    file: 'catalogue/types.json',
    edit: (f) => f.remove([f.indexOf((t) => t.WebID === '7' && t.language === 'de')]),
    expect: { refused: { file: types, message: /type WebID "7" has no record in de/ } },
  },
];

describe('data corpus: the catalogue folder', () => {
  it('has enough cases of its own', () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => runCase(c));
});
