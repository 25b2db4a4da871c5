import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { runCase, type CorpusCase } from './harness';

/*
 * Corpus, part "reading and wording" (issue 14): how a data file is read (syntax mistakes, encodings,
 * empty and missing files, the wrapper) and how every refusal is worded (wrong types, unknown fields,
 * misspelt choices, missing fields). A syntax refusal has no record: it names line and column and
 * shows the line; the others name file, record and field.
 */

/** Replaces the first occurrence of `from` at or after `after` (a text searched first, to reach deep into a file). */
function replaceIn(bytes: Buffer, from: string | RegExp, to: string, after = ''): string {
  const text = bytes.toString('utf8');
  const start = after === '' ? 0 : text.indexOf(after);
  if (start < 0) throw new Error(`no ${after} in the file`);
  const tail = text.slice(start);
  const replaced = tail.replace(from, to);
  if (replaced === tail) throw new Error(`no ${String(from)} after ${after}`);
  return text.slice(0, start) + replaced;
}

/** The file with the text `search` replaced by `replacement` written in Latin-1 (one field saved by an old editor). */
function latin1At(bytes: Buffer, search: string, replacement: string): Buffer {
  const text = bytes.toString('utf8');
  const index = text.indexOf(search);
  if (index < 0) throw new Error(`no ${search} in the file`);
  return Buffer.concat([Buffer.from(text.slice(0, index), 'utf8'), Buffer.from(replacement, 'latin1'), Buffer.from(text.slice(index + search.length), 'utf8')]);
}

/** A listing far into properties.json (1.3 MB), where a position without a line number is useless. */
const deepListing = '"ID": 4000050,';

const syntax: CorpusCase[] = [
  {
    name: 'properties.json: the comma after a price is deleted, deep in the 1.3 MB file',
    file: 'catalogue/properties.json',
    raw: (bytes) => replaceIn(bytes, /("Price": \d+),/, '$1', deepListing),
    expect: {
      refused: {
        file: 'data/catalogue/properties.json',
        record: /record #\d{3} \(ID 4000050, \w\w\)/,
        message: /^line \d{4,}, column \d+: a comma is missing after the value of "Price".*\n\s+"Price": \d+\n\s+\^/,
      },
    },
  },
  {
    name: 'properties.json: a comma left after the last field of a listing',
    file: 'catalogue/properties.json',
    raw: (bytes) => replaceIn(bytes, /("DateFree": [^\n]*)\n/, '$1,\n', deepListing),
    expect: { refused: { file: 'data/catalogue/properties.json', message: /^line \d+, column \d+: there is a comma after the last field: remove this comma.*\n\s+"DateFree": .*,\n\s+\^/ } },
  },
  {
    name: 'properties.json: a price typed with a space as thousands separator',
    file: 'catalogue/properties.json',
    raw: (bytes) => replaceIn(bytes, /"Price": (\d+)(\d{3}),/, '"Price": $1 $2,', deepListing),
    expect: { refused: { file: 'data/catalogue/properties.json', message: /^line \d+, column \d+: a number may not contain spaces or thousands separators.*\n\s+"Price": \d+ \d{3},/ } },
  },
  {
    name: 'properties.json: the file was cut off at the end while copying',
    file: 'catalogue/properties.json',
    raw: (bytes) => bytes.subarray(0, bytes.length - 6),
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #227 \(ID \d+, de\)/, message: /^line \d+, column \d+: the file ends too early.*never closed/ } },
  },
  {
    name: 'menu.json: a comma after the last menu entry',
    file: 'site/menu.json',
    raw: (bytes) => bytes.toString('utf8').replace(/\n {4}\}\n {2}\]\n\}\n$/, '\n    },\n  ]\n}\n'),
    expect: { refused: { file: 'data/site/menu.json', message: /^line \d+, column 6: there is a comma after the last entry of this list.*\n\s+\},\n\s+\^/ } },
  },
  {
    name: 'menu.json: a field name typed without quotes',
    file: 'site/menu.json',
    raw: (bytes) => replaceIn(bytes, '"breadcrumb": ', 'breadcrumb: '),
    expect: { refused: { file: 'data/site/menu.json', message: /^line \d+, column \d+: a field name must be in double quotes.*\n\s+breadcrumb: / } },
  },
  {
    name: 'articles.json: the closing quote of a title is deleted',
    file: 'site/articles.json',
    raw: (bytes) => replaceIn(bytes, '"Selling your property",', '"Selling your property,'),
    expect: { refused: { file: 'data/site/articles.json', message: /^line \d+, column \d+: this text is not closed: a double quote \(".*\n\s+"en": "Selling your property,\n/ } },
  },
  {
    name: 'site.json: a note left as a // comment',
    file: 'site/site.json',
    raw: (bytes) => replaceIn(bytes, '"languageFlags": true,', '"languageFlags": true, // flags next to the language names'),
    expect: { refused: { file: 'data/site/site.json', message: /^line \d+, column \d+: JSON allows no comments.*\n\s+"languageFlags": true, \/\/ flags/ } },
  },
  {
    name: 'site.json: a Windows folder path with single backslashes',
    file: 'site/site.json',
    raw: (bytes) => replaceIn(bytes, /"cdnHost": "[^"]*"/, '"cdnHost": "C:\\Sites\\images"'),
    expect: { refused: { file: 'data/site/site.json', message: /^line \d+, column \d+: a backslash .* write two.*\n\s+"cdnHost": "C:\\Sites/ } },
  },
  {
    name: 'team.json: the comma between two team members is deleted',
    file: 'site/team.json',
    raw: (bytes) => replaceIn(bytes, /\},\n(\s+\{\n\s+"id": 2,)/, '}\n$1'),
    expect: { refused: { file: 'data/site/team.json', record: /record #0 \(id 1\)/, message: /^line \d+, column \d+: a comma is missing between two entries of this list.*\n\s+\}\n\s+\^/ } },
  },
  {
    name: 'types.json: a name in single quotes',
    file: 'catalogue/types.json',
    raw: (bytes) => replaceIn(bytes, '"Name": "Studio"', '"Name": \'Studio\''),
    expect: { refused: { file: 'data/catalogue/types.json', message: /^line \d+, column \d+: text and field names take double quotes.*\n\s+"Name": 'Studio'/ } },
  },
  {
    name: 'projects.json: False written with a capital, as in a spreadsheet',
    file: 'catalogue/projects.json',
    raw: (bytes) => replaceIn(bytes, /"Sold": (true|false)/, '"Sold": False'),
    expect: { refused: { file: 'data/catalogue/projects.json', message: /^line \d+, column \d+: False is not a JSON value.*true, false and null.*\n\s+"Sold": False/ } },
  },
  {
    name: 'appointment-slots.json: one closing bracket too many at the end',
    file: 'catalogue/appointment-slots.json',
    raw: (bytes) => `${bytes.toString('utf8')}]\n`,
    expect: { refused: { file: 'data/catalogue/appointment-slots.json', message: /^line \d+, column 1: there is one \] too many/ } },
  },
  {
    name: 'owners.json: a colon forgotten after a field name',
    file: 'catalogue/owners.json',
    raw: (bytes) => replaceIn(bytes, '"LastName": ', '"LastName" '),
    expect: { refused: { file: 'data/catalogue/owners.json', message: /^line \d+, column \d+: a colon \(:\) is missing after the field name "LastName".*\n\s+"LastName" "/ } },
  },
  {
    name: 'cities.json: curly quotes pasted from a word processor',
    file: 'catalogue/cities.json',
    raw: (bytes) => replaceIn(bytes, '"Name": "Bergen"', '"Name": \u201cBergen\u201d'),
    expect: { refused: { file: 'data/catalogue/cities.json', message: /^line \d+, column \d+: a typographic quote .* straight double quote/ } },
  },
];

const encodings: CorpusCase[] = [
  {
    name: 'site.json saved with a byte-order mark',
    file: 'site/site.json',
    raw: (bytes) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]),
    expect: { refused: { file: 'data/site/site.json', message: /byte-order mark \(BOM\).*Save it as "UTF-8" without BOM/ } },
  },
  {
    name: 'properties.json saved with a byte-order mark',
    file: 'catalogue/properties.json',
    raw: (bytes) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]),
    expect: { refused: { file: 'data/catalogue/properties.json', message: /invisible byte-order mark/ } },
  },
  {
    name: 'team.json saved as Windows-1252 (a role with é)',
    file: 'site/team.json',
    raw: (bytes) => Buffer.from(bytes.toString('utf8'), 'latin1'),
    expect: { refused: { file: 'data/site/team.json', message: /^line \d+, column \d+: the file is not saved as UTF-8: the character "é" \(byte 0xE9\).*\n\s+"role": \{ "nl": .*"fr": "Gérante/ } },
  },
  {
    name: 'site.json: a street retyped in an editor set to Latin-1',
    file: 'site/site.json',
    raw: (bytes) => latin1At(bytes, '"legalName": "', '"legalName": "Société '),
    expect: { refused: { file: 'data/site/site.json', message: /^line \d+, column 23: the file is not saved as UTF-8.*\n\s+"legalName": "Société/ } },
  },
  {
    name: 'properties.json: one description pasted in Latin-1, deep in the file',
    file: 'catalogue/properties.json',
    raw: (bytes) => latin1At(bytes, '"MainTypeName": "', '"MainTypeName": "Maison à '),
    expect: { refused: { file: 'data/catalogue/properties.json', message: /^line \d+, column \d+: .*the character "à" \(byte 0xE0\).*save it with the encoding "UTF-8"/ } },
  },
  {
    name: 'cities.json: a town name saved in Latin-1',
    file: 'catalogue/cities.json',
    raw: (bytes) => latin1At(bytes, '"Name": "Bergen"', '"Name": "Bergen-Sainte-Waudrü"'),
    expect: { refused: { file: 'data/catalogue/cities.json', message: /^line 5, column \d+: the file is not saved as UTF-8: the character "ü"/ } },
  },
];

const emptyOrMissing: CorpusCase[] = [
  {
    name: 'menu.json emptied (0 bytes)',
    file: 'site/menu.json',
    raw: () => '',
    expect: { refused: { file: 'data/site/menu.json', message: /the file is empty; it must hold a list of records in square brackets/ } },
  },
  {
    name: 'site.json holding only blank lines',
    file: 'site/site.json',
    raw: () => '\n\n   \n',
    expect: { refused: { file: 'data/site/site.json', message: /the file is empty; it must hold one object in curly braces/ } },
  },
  {
    name: 'types.json deleted',
    file: 'catalogue/types.json',
    files: (root) => rmSync(path.join(root, 'catalogue/types.json')),
    expect: { refused: { file: 'data/catalogue/types.json', message: /this file is missing: the site needs data\/catalogue\/types\.json to exist/ } },
  },
  {
    name: 'team.json: the list wrapper misspelt "record"',
    file: 'site/team.json',
    raw: (bytes) => replaceIn(bytes, '"records": [', '"record": ['),
    expect: { refused: { file: 'data/site/team.json', message: /unknown field "record" \(did you mean "records"\?\)/ } },
  },
  {
    name: 'articles.json as a single article instead of a list',
    file: 'site/articles.json',
    edit: (file) => {
      file.data = file.records()[0];
    },
    expect: { refused: { file: 'data/site/articles.json', message: /"records" is not a list \(got \{"id":"sell".*a list file holds either its records as a list/ } },
  },
  {
    name: 'owners.json as the bare list the CRM exports is still read, with the same record positions',
    file: 'catalogue/owners.json',
    raw: (bytes) => {
      // The CRM export: no wrapper, a bare list; one ID typed in quotes.
      const bare = JSON.stringify(JSON.parse(bytes.toString('utf8')).records, null, 2);
      return bare.replace(/"PropertyIDs": \[\s*(\d+)/, '"PropertyIDs": [ "$1"');
    },
    expect: { refused: { file: 'data/catalogue/owners.json', record: /record #0 \(ID 1\):/, field: 'PropertyIDs.0', message: /^expected a whole number without quotes.*remove the quotes/ } },
  },
];

const wording: CorpusCase[] = [
  {
    name: 'a price written "295.000" with a thousands dot',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([40, 'Price'], '295.000'),
    expect: {
      refused: {
        file: 'data/catalogue/properties.json',
        record: /record #40 \(ID \d+, \w\w\):/,
        field: 'Price',
        message: /write 295000 without quotes and without thousands separators \(got "295\.000"\)/,
      },
    },
  },
  {
    name: 'a bedroom count typed in quotes',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([file.indexOf((p) => typeof p.NumberOfBedRooms === 'number'), 'NumberOfBedRooms'], '3'),
    expect: {
      refused: { file: 'data/catalogue/properties.json', record: /record #\d+ \(ID/, field: 'NumberOfBedRooms', message: /^expected a whole number without quotes, such as 3: remove the quotes, 3/ },
    },
  },
  {
    name: 'PublishPrice answered "yes"',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([12, 'PublishPrice'], 'yes'),
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #12 /, field: 'PublishPrice', message: /^expected true or false, without quotes: write true without quotes/ } },
  },
  {
    name: 'a language code in capitals',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([2, 'language'], 'EN'),
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #2 /, field: 'language', message: /expected one of: "nl", "fr", "en", "de" \(did you mean "en"\?/ } },
  },
  {
    name: 'a field renamed by a slip of the keyboard (Prce)',
    file: 'catalogue/properties.json',
    edit: (file) => {
      const listing = file.records()[9] ?? {};
      file.set([9], Object.fromEntries(Object.entries(listing).map(([key, value]) => [key === 'Price' ? 'Prce' : key, value])));
    },
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #9 /, field: 'Prce', message: /unknown field "Prce": did you mean "Price"\?/ } },
  },
  {
    name: 'a field renamed to a shorter name (Bedrooms)',
    file: 'catalogue/properties.json',
    edit: (file) => {
      file.set([20, 'Bedrooms'], file.get([20, 'NumberOfBedRooms']));
      file.remove([20, 'NumberOfBedRooms']);
    },
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #20 /, field: 'Bedrooms', message: /did you mean "NumberOfBedRooms"\?/ } },
  },
  {
    name: 'a menu title field typed "tittle"',
    file: 'site/menu.json',
    edit: (file) => {
      const params = file.get([1, 'params']);
      file.set([1, 'params', 'tittle'], Reflect.get(params as object, 'title'));
      file.remove([1, 'params', 'title']);
    },
    expect: { refused: { file: 'data/site/menu.json', record: /record #1 \(id /, field: 'params.tittle', message: /did you mean "title"\?/ } },
  },
  {
    name: 'an unknown setting in siteInfo lists the allowed ones',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'faxNumber'], '065 00 00 00'),
    expect: { refused: { file: 'data/site/site.json', field: 'siteInfo.faxNumber', message: /unknown field "faxNumber": remove it.*allowed here are: name, legalName/ } },
  },
  {
    name: 'a menu status typed in lowercase',
    file: 'site/menu.json',
    edit: (file) => file.set([2, 'status'], 'published'),
    expect: { refused: { file: 'data/site/menu.json', record: /record #2 \(id /, field: 'status', message: /expected one of: "Published", "Draft", "Hidden" \(did you mean "Published"\?/ } },
  },
  {
    name: 'an article category in the singular',
    file: 'site/articles.json',
    edit: (file) => file.set([0, 'category'], 'service'),
    expect: { refused: { file: 'data/site/articles.json', record: /record #0 \(id sell\):/, field: 'category', message: /did you mean "services"\?/ } },
  },
  {
    name: 'a team member without e-mail',
    file: 'site/team.json',
    edit: (file) => file.remove([1, 'email']),
    expect: { refused: { file: 'data/site/team.json', record: /record #1 \(id 2\):/, field: 'email', message: /^this field is missing; every record needs it, for example "email": "[^"]+@/ } },
  },
  {
    name: 'a team id in quotes',
    file: 'site/team.json',
    edit: (file) => file.set([2, 'id'], '3'),
    expect: { refused: { file: 'data/site/team.json', record: /record #2/, field: 'id', message: /^expected a whole number without quotes/ } },
  },
  {
    name: "a phone number with spaces keeps the schema's own advice",
    file: 'site/team.json',
    edit: (file) => file.set([0, 'mobilePhone'], '0470 12 34 56'),
    expect: { refused: { file: 'data/site/team.json', record: /record #0 \(id 1\):/, field: 'mobilePhone', message: /9 or 10 digits without spaces.*\(got "0470 12 34 56"\)/ } },
  },
  {
    name: 'the agency e-mail without @',
    file: 'site/site.json',
    edit: (file) => file.set(['siteInfo', 'email'], 'info at immo-hainaut.be'),
    expect: { refused: { file: 'data/site/site.json', field: 'siteInfo.email', message: /^expected an e-mail address such as name@example\.be/ } },
  },
  {
    name: 'a font size written "16px"',
    file: 'site/site.json',
    edit: (file) => file.set(['header', 'menu', 'fontSize'], '16px'),
    expect: { refused: { file: 'data/site/site.json', field: 'header.menu.fontSize', message: /^expected a number without quotes.*digits only, without a currency sign, unit or quotes/ } },
  },
  {
    name: 'a menu title given as a number',
    file: 'site/menu.json',
    edit: (file) => file.set([0, 'params', 'title'], 2026),
    expect: {
      refused: {
        file: 'data/site/menu.json',
        record: /record #0 \(id home\):/,
        field: 'params.title',
        message: /^expected one text in double quotes, or one text per language such as \{"nl": "…", "fr": "…"\}/,
      },
    },
  },
  {
    name: 'a map tile source of an unknown kind',
    file: 'site/site.json',
    edit: (file) => file.set(['map', 'tiles'], { kind: 'osm' }),
    expect: { refused: { file: 'data/site/site.json', field: 'map.tiles.kind', message: /^expected one of: "none", "pmtiles", "tiles" here/ } },
  },
  {
    name: 'the modules of a page given as one object instead of a list',
    file: 'site/menu.json',
    edit: (file) => {
      const index = file.indexOf((entry) => Array.isArray(Reflect.get(Object(entry.params), 'modules')) && Reflect.get(Object(entry.params), 'modules').length > 0);
      file.set([index, 'params', 'modules'], file.get([index, 'params', 'modules', 0]));
    },
    expect: { refused: { file: 'data/site/menu.json', record: /record #\d+ \(id /, field: 'params.modules', message: /^expected a list in square brackets.*put the value inside \[ \]/ } },
  },
  {
    name: 'a project with no units left',
    file: 'catalogue/projects.json',
    edit: (file) => file.set([0, 'Units'], []),
    expect: { refused: { file: 'data/catalogue/projects.json', record: /record #0 \(ID \d+, \w\w\):/, field: 'Units', message: /^this list is empty; it needs at least one entry/ } },
  },
  {
    name: 'a viewing slot for nobody (capacity 0)',
    file: 'catalogue/appointment-slots.json',
    edit: (file) => {
      file.set([3, 'Capacity'], 0);
      file.set([3, 'Booked'], 0);
    },
    expect: { refused: { file: 'data/catalogue/appointment-slots.json', record: /record #3 \(ID \d+\):/, field: 'Capacity', message: /^expected a number above 0/ } },
  },
  {
    name: 'a type offered for sale answered "false" in quotes',
    file: 'catalogue/types.json',
    edit: (file) => file.set([4, 'Sale'], 'false'),
    expect: { refused: { file: 'data/catalogue/types.json', record: /record #4 \(ID \d+, \w\w\):/, field: 'Sale', message: /write false without quotes/ } },
  },
  {
    name: 'an EPC valid until 30 February',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([file.indexOf((p) => typeof p.EPCValidUntil === 'string'), 'EPCValidUntil'], '2031-02-30'),
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #\d+ /, field: 'EPCValidUntil', message: /does not exist in the calendar/ } },
  },
  {
    name: 'a town postcode written as a number',
    file: 'catalogue/cities.json',
    edit: (file) => file.set(['sale', 1, 'Zip'], 7000),
    expect: { refused: { file: 'data/catalogue/cities.json', record: /sale\[1\]:/, field: 'Zip', message: /^expected text in double quotes.*write "7000"/ } },
  },
  {
    name: 'a country id in quotes',
    file: 'catalogue/properties.json',
    edit: (file) => file.set([7, 'CountryID'], '10'),
    expect: { refused: { file: 'data/catalogue/properties.json', record: /record #7 /, field: 'CountryID', message: /^expected one of: 10, 50, a number without quotes/ } },
  },
];

describe('data corpus: reading and wording', () => {
  const cases = [...syntax, ...encodings, ...emptyOrMissing, ...wording];
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => runCase(c));
});
