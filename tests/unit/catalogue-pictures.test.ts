import { describe, expect, it } from 'vitest';
import { readCatalogue } from '@/lib/catalogue/load';
import { publicProperty } from '@/lib/catalogue/public-view';
import { reshapeListing } from '@/lib/catalogue/listing-view';
import type { Property } from '@/lib/catalogue/schemas';
import { textProblem } from '@/lib/catalogue/checks';
import { countryAt, isInCountry, provinceOf, isInProvince, belgiumId, luxembourgId } from '@/lib/catalogue/geography';
import { picturePathProblem, projectWithoutMissingPictures, propertyWithoutMissingPictures } from '@/lib/catalogue/pictures';
import { listingJsonLd } from '@/lib/pages/property/json-ld';
import { href } from '@/lib/pages';

/*
 * The fallback of a missing picture file (issue 14): the loader drops the picture from the
 * snapshot, and the code that picks pictures (cards, JSON-LD) then shows the next one or "no photo".
 */

const catalogue = readCatalogue();
if (!catalogue.ok) throw new Error('the shipped catalogue is valid');
const { properties, projects } = catalogue.snapshot;

function listing(id: number): Property {
  const property = properties.find((p) => p.ID === id && p.language === 'en');
  if (!property) throw new Error(`listing ${id} is missing`);
  return property;
}

const allOf = (property: Property) => new Set([...property.XLargePictureItems, ...property.SmallPictureItems].map((picture) => picture.Url));

describe('a listing whose picture files are missing', () => {
  it('keeps the other pictures and promotes the next one to main picture', () => {
    const property = listing(4000001);
    const shown = propertyWithoutMissingPictures(property, new Set(['/catalogue/4000001/1-xl.webp']));
    expect(shown.XLargePictureItem?.Url).toBe('/catalogue/4000001/2-xl.webp');
    expect(shown.XLargePictureItems.map((p) => p.Url)).toEqual(['/catalogue/4000001/2-xl.webp', '/catalogue/4000001/3-xl.webp']);
    expect(shown.SmallPictureItem).toEqual(property.SmallPictureItem);
    expect(listingJsonLd(reshapeListing(publicProperty(shown), new Set()), 'en', href).image).toMatch(/\/catalogue\/4000001\/2-xl\.webp$/);
  });

  // Cards, the detail gallery, banners, the owner portal and mails test these fields for null or
  // an empty list and then show their "no photo" view; JSON-LD and og:image leave the image out.
  it('has no picture at all when every file is missing', () => {
    const property = listing(4000001);
    const shown = propertyWithoutMissingPictures(property, allOf(property));
    expect([shown.XLargePictureItem, shown.SmallPictureItem, shown.XLargePictureItems, shown.SmallPictureItems]).toEqual([null, null, [], []]);
    expect(listingJsonLd(reshapeListing(publicProperty(shown), new Set()), 'en', href).image).toBeUndefined();
  });

  it('leaves a listing untouched when nothing is missing', () => {
    const property = listing(4000001);
    expect(propertyWithoutMissingPictures(property, new Set())).toBe(property);
  });

  it('drops a project picture the same way', () => {
    const project = projects.find((p) => p.ID === 5000001 && p.language === 'en');
    if (!project) throw new Error('project 5000001 is missing');
    const shown = projectWithoutMissingPictures(project, new Set([project.XLargePictureItems[0]?.Url ?? '']));
    expect(shown.XLargePictureItems).toHaveLength(project.XLargePictureItems.length - 1);
    expect(shown.XLargePictureItem?.Url).toBe(shown.XLargePictureItems[0]?.Url);
  });
});

describe('picture paths', () => {
  it.each([
    ['/catalogue/4000001/1-xl.webp', undefined],
    ['/catalogue/../etc/passwd.png', /\.\.\//],
    ['/catalogue//1-xl.webp', /single slashes/],
    ['/images/banner.png', /picture folder/],
    ['/catalogue/4000001/1-xl.svg', /not a picture file/],
    ['\\catalogue\\1.webp', /backslash/],
  ])('%s', (url, problem) => {
    const found = picturePathProblem(url);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });
});

describe('where a listing is', () => {
  it('knows Belgium and Luxembourg, the coast and the borders included', () => {
    expect(countryAt(50.8466, 4.3528)).toBe(belgiumId); // Brussels
    expect(countryAt(51.1, 2.59)).toBe(belgiumId); // De Panne, on the coast
    expect(countryAt(51.34, 3.29)).toBe(belgiumId); // Knokke
    expect(countryAt(50.28, 6.13)).toBe(belgiumId); // Sankt Vith
    expect(countryAt(49.6116, 6.1319)).toBe(luxembourgId);
    expect(countryAt(49.63099, 6.07455)).toBe(luxembourgId); // Strassen
    expect(countryAt(48.8566, 2.3522)).toBeUndefined(); // Paris
    expect(countryAt(4.35, 50.85)).toBeUndefined(); // swapped
    expect(isInCountry(belgiumId, 52.37, 4.9)).toBe(false); // Amsterdam
  });

  it('places a postcode in its province', () => {
    expect(provinceOf('7000')?.name).toBe('Hainaut');
    expect(provinceOf('6700')?.name).toBe('Luxembourg province');
    expect(provinceOf('3000')?.name).toBe('Flemish Brabant');
    const hainaut = provinceOf('7780');
    expect(hainaut && isInProvince(hainaut, 50.7656, 2.9546)).toBe(true); // Comines, the far west of Hainaut
    expect(hainaut && isInProvince(hainaut, 50.6326, 5.5797)).toBe(false); // Liège
  });
});

/* Towns at the edges of their province: the frames must never refuse a listing where it belongs. */
const edgeTowns: ReadonlyArray<readonly [string, string, number, number]> = [
  ['1300', 'Wavre', 50.717, 4.601],
  ['1400', 'Nivelles', 50.598, 4.328],
  ['1500', 'Halle', 50.733, 4.234],
  ['3400', 'Landen', 50.752, 5.082],
  ['3790', 'Voeren', 50.756, 5.8],
  ['4700', 'Eupen', 50.63, 6.034],
  ['4960', 'Malmedy', 50.426, 6.028],
  ['5660', 'Couvin', 50.052, 4.494],
  ['6460', 'Chimay', 50.048, 4.317],
  ['6700', 'Arlon', 49.683, 5.816],
  ['6760', 'Virton', 49.568, 5.532],
  ['6830', 'Bouillon', 49.794, 5.067],
  ['7700', 'Mouscron', 50.744, 3.206],
  ['7780', 'Comines', 50.766, 2.999],
  ['8660', 'De Panne', 51.1, 2.592],
  ['8300', 'Knokke', 51.35, 3.287],
  ['8930', 'Menen', 50.797, 3.122],
  ['9100', 'Sint-Niklaas', 51.165, 4.143],
  ['9600', 'Ronse', 50.746, 3.6],
  ['2300', 'Turnhout', 51.322, 4.944],
  ['2400', 'Mol', 51.191, 5.116],
  ['1000', 'Brussel', 50.847, 4.352],
  ['3000', 'Leuven', 50.879, 4.701],
  ['3600', 'Genk', 50.965, 5.5],
];

describe('towns at the edge of their province', () => {
  it.each(edgeTowns)('%s %s is in Belgium and in its province', (zip, _town, lat, lng) => {
    expect(isInCountry(belgiumId, lat, lng)).toBe(true);
    const province = provinceOf(zip);
    expect(province && isInProvince(province, lat, lng)).toBe(true);
  });
});

describe('text fields', () => {
  it.each([
    ['Woning met 4 slaapkamers', undefined],
    ['Rijwoning < 5 min van het station', undefined],
    ['Maison 3 façades & jardin', undefined],
    ['Woning <b>met tuin</b>', /markup/],
    ['Villa&nbsp;avec piscine', /markup/],
    ['Zie www.immo.be', /web address/],
    ['javascript:alert(1)', /web address/],
  ])('%s', (value, problem) => {
    const found = textProblem(value);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });
});
