import type { Kind } from './plan';
import { groupDigits, isoParts, type Phrases } from './phrase-types';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TYPE_BASE: Record<Kind, string> = {
  house: 'house',
  villa: 'villa',
  farm: 'farmhouse',
  townhouse: 'townhouse',
  studio: 'Studio',
  apartment: 'apartment',
  penthouse: 'penthouse',
  land: 'Building plot',
  investment: 'Investment property',
  shop: 'Retail unit',
  office: 'Office space',
  garage: 'Lock-up garage',
};

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const en: Phrases = {
  item: {
    house: 'a spacious family house',
    villa: 'a detached villa',
    farm: 'a renovated farmhouse',
    townhouse: 'a charming townhouse',
    studio: 'a ready-to-move-into studio',
    apartment: 'a bright apartment',
    penthouse: 'a penthouse with a large terrace',
    land: 'a well-located building plot',
    investment: 'a fully let investment property',
    shop: 'a retail unit with a shop window',
    office: 'a modern office space',
    garage: 'a lock-up garage',
  },
  typeDescription: (kind, bedrooms) => (bedrooms === null || bedrooms === 0 ? capitalise(TYPE_BASE[kind]) : `${bedrooms}-bedroom ${TYPE_BASE[kind]}`),
  intro: {
    sale: [
      '<p><strong>For sale in {town}:</strong> {item} in an excellent location, close to all amenities.</p>',
      '<p>Our agency is pleased to offer {item} for sale in {town}. A property you really need to see from the inside.</p>',
      '<p>On a quiet street in {town} you will find {item}, ready to welcome its new owners.</p>',
    ],
    rent: [
      '<p><strong>To let in {town}:</strong> {item}, well maintained and easy to reach.</p>',
      '<p>We offer {item} to rent in {town}, ideal for anyone looking for comfort and a central location.</p>',
      '<p>In a sought-after part of {town}, {item} is available to rent; viewings by appointment.</p>',
    ],
  },
  bedrooms: (n) => plural(n, 'bedroom', 'bedrooms'),
  bathrooms: (n) => plural(n, 'bathroom', 'bathrooms'),
  living: (n) => `Approx. ${n} m² of living space`,
  ground: (n) => `Plot of ${groupDigits(n, ',')} m²`,
  garden: (n) => `${n} m² garden`,
  terrace: (n) => `${n} m² terrace`,
  garage: (n) => `Garage for ${plural(n, 'car', 'cars')}`,
  facades: (n) => (n === 2 ? 'Terraced (2 façades)' : n === 3 ? 'Semi-detached (3 façades)' : 'Detached (4 façades)'),
  built: (year) => `Built in ${year}`,
  renovated: (year) => `Renovated in ${year}`,
  floor: (floor) => (floor === 0 ? 'Ground floor' : `On the ${floor === 1 ? '1st' : floor === 2 ? '2nd' : floor === 3 ? '3rd' : `${floor}th`} floor`),
  featuresTitle: 'Highlights:',
  location: {
    street: [
      '<p>Located on {street} in {town}, within walking distance of shops, schools and public transport.<br>The main roads are only a few minutes away by car.</p>',
      '<p>Address: {street}, {town}.<br>A bakery, a supermarket and a bus stop are just around the corner.</p>',
    ],
    hidden: ['<p>Quietly located in a residential area of {town}.<br>The exact address will be given when you book a viewing.</p>'],
  },
  saleClosing: [
    '<p><strong>Interested?</strong> Contact our office to arrange a viewing or to receive the full file.</p>',
    '<p>Viewings by appointment only. <strong>Feel free to call us</strong> for more information.</p>',
  ],
  rentClosing: (months) => `<p>9-year lease (3-6-9). Rental deposit: ${months} months' rent. <strong>Viewings by appointment only.</strong></p>`,
  garageListing: {
    location: '<p>Address: {street}, {town}.<br>Easy access via a wide driveway.</p>',
    closing: "<p>Monthly rental, terminable with one month's notice. Ideal for parking a car or as storage space.</p>",
  },
  free: (date) => `<p>Available from ${date}.</p>`,
  viager: (bouquet, monthly, ages, occupied) =>
    `<p><strong>Life annuity sale</strong> (${occupied ? 'occupied' : 'vacant'}): lump sum of ${bouquet} and a monthly annuity of ${monthly}, ` +
    `on ${ages.length === 1 ? 'one life' : 'two lives'} (aged ${ages.join(' and ')}).</p>`,
  project: '<p>This home is part of the new-build project <strong>{project}</strong>. Sold under the Breyne Act; 21% VAT on the construction, registration duties on the share of the land.</p>',
  long: {
    house: [
      '<p>The house has been carefully maintained over the years. The ground floor offers an entrance hall with cloakroom and separate toilet, a large and very bright living room and a practical kitchen opening onto the garden. The dry cellar provides plenty of extra storage.</p>',
      '<p>Upstairs are the bedrooms, each with built-in storage, and a bathroom with walk-in shower and double washbasin. The attic, reached by a fixed staircase, can easily be converted into a study, a playroom or an extra bedroom.</p>',
      '<p>{town} is a pleasant town with a lively centre, a weekly market and a wide choice of schools and sports clubs. The railway station and bus stops are close by, and the motorway takes you quickly to Brussels or Lille.</p>',
      '<p>On the energy and comfort side, major work has been carried out in recent years: roof insulation, new window frames and a modern boiler. The electrical installation has been inspected and approved. The EPC certificate, the planning information and all the plans of the house can be consulted at our office.</p>',
    ],
    apartment: [
      '<p>The apartment is in a well-kept residence with a lift, video entry system and a tidy shared entrance hall. The living area is light and spacious, with an open-plan kitchen leading onto the terrace. Every room enjoys plenty of natural light.</p>',
      '<p>The night hall leads to the bedrooms and the modern bathroom with walk-in shower, vanity unit and heated towel rail. A separate utility room with washing-machine connection and a private cellar make everyday life particularly easy.</p>',
      '<p>{town} has everything within reach: shops, restaurants, schools, medical services and good public transport links. The service charges are moderate and cover the upkeep of the common parts and the lift.</p>',
      '<p>The residence is run by a professional managing agent and the reserve fund is well stocked. No major works are planned. The common parts were recently repainted, the lift has been modernised and the bicycle store is kept locked. The minutes of the latest general meetings are available on request.</p>',
    ],
    commercial: [
      '<p>The premises have a wide frontage with a large shop window and enjoy excellent visibility on a busy shopping street. The sales area can be laid out freely, with a storeroom, a kitchenette and staff toilets at the back.</p>',
      '<p>The technical installations were recently inspected: compliant wiring, heating serviced every year and an alarm system with CCTV. The premises suit many activities, such as retail, a liberal profession or services.</p>',
      '<p>{town} draws many visitors every day thanks to its historic centre, its markets and its many events. There is ample parking nearby and the railway station is a few minutes on foot.</p>',
      '<p>The current fit-out lets you start trading quickly: the sales area has a tiled floor, suspended ceilings with LED lighting and air conditioning. Suppliers can load and unload at the back through a separate entrance, and the cellar offers additional storage space. The premises are vacant and available at short notice.</p>',
      '<p>The premises are close to major retail chains, banks, cafés and restaurants, which ensures constant footfall. Signage on the façade is permitted subject to an application to the municipality. We will gladly send you the full file with the plans, the inspection certificates and the planning information.</p>',
    ],
  },
  clickText: 'Click here to see all the photos.',
  linkSentence: '<p>More information about the town: {link}.</p>',
  money: (amount) => `€${groupDigits(amount, ',')}`,
  date: (iso) => {
    const { year, month, day } = isoParts(iso);
    return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
  },
};
