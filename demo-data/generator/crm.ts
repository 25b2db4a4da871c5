import type { AppointmentSlot, Owner, Property } from '../../lib/catalogue/schemas';
import { addDays, at, officeTime, randomDay, weekday } from './dates';
import crmMessages from './crm-messages.json';
import { rngFor, type Rng } from './random';
import { REFERENCE_DATE } from './types';

/*
 * appointment-slots.json (viewing slots of active listings after the reference date) and
 * owners.json (the owner portal: owners, their listings and the CRM history of each listing).
 */

const SLOT_LISTINGS = [4000001, 4000002, 4000006, 4000011, 4000014, 4000020, 4000035, 4000038, 4000043, 4000050];

export function buildSlots(properties: Property[]): AppointmentSlot[] {
  const slots: Omit<AppointmentSlot, 'ID'>[] = [];
  for (const propertyId of SLOT_LISTINGS) {
    const listing = properties.find((property) => property.ID === propertyId);
    if (!listing || listing.Status !== 1) throw new Error(`slot listing ${propertyId} must be an active listing`);
    const rng = rngFor('slots', propertyId);
    const count = rng.int(2, 5);
    let day = addDays(REFERENCE_DATE, rng.int(2, 12));
    for (let index = 0; index < count; index += 1) {
      while (weekday(day) === 0) day = addDays(day, 1);
      const hour = weekday(day) === 6 ? rng.int(9, 11) : rng.int(9, 17);
      const minutes = rng.pick([0, 30]);
      const capacity = rng.int(1, 4);
      const booked = rng.int(0, Math.max(0, capacity - 2));
      slots.push({ PropertyID: propertyId, Start: at(day, hour, minutes), End: at(day, minutes === 30 ? hour + 1 : hour, minutes === 30 ? 0 : 30), Capacity: capacity, Booked: booked });
      // Spread over more than a year, so that the snapshot keeps future viewing times for a while.
      day = addDays(day, rng.int(20, 140));
    }
  }
  // Make the occupancy cases explicit: one full slot, a few nearly full ones.
  slots.forEach((slot, index) => {
    if (index === 0 || index === 9) {
      slot.Capacity = Math.max(slot.Capacity, 2);
      slot.Booked = slot.Capacity;
    } else if (index % 5 === 2) {
      slot.Capacity = Math.max(slot.Capacity, 2);
      slot.Booked = slot.Capacity - 1;
    }
  });
  return slots.sort((a, b) => a.PropertyID - b.PropertyID || a.Start.localeCompare(b.Start)).map((slot, index) => ({ ID: index + 1, ...slot }));
}

type OwnerLang = 'nl' | 'fr' | 'en';

type OwnerPlan = { id: number; first: string; last: string; email: string; language: OwnerLang; properties: number[] };

const OWNERS: readonly OwnerPlan[] = [
  { id: 1, first: 'Jean-Marc', last: 'Dupont', email: 'jeanmarc.dupont@example.be', language: 'fr', properties: [4000001, 4000010] },
  { id: 2, first: 'An', last: 'Peeters', email: 'an.peeters@example.be', language: 'nl', properties: [4000011, 4000013, 4000044] },
  { id: 3, first: 'Sarah', last: 'Janssens', email: 'sarah.janssens@example.be', language: 'en', properties: [4000035] },
  { id: 4, first: 'Véronique', last: 'Leclercq', email: 'veronique.leclercq@example.be', language: 'fr', properties: [4000020, 4000038] },
];

const VISITORS = ['Lefèvre', 'Claes', 'Wouters', 'Dubois', 'Maes', 'Lambert', 'Mertens', 'Renard', 'Goossens', 'Simon', 'Hermans', 'Laurent'];

const CALENDAR: Record<OwnerLang, Record<string, string>> = {
  fr: { Visit: 'Visite avec la famille {name}', Valuation: 'Estimation du bien', 'Photo shoot': 'Séance photo et plan', 'Open house': 'Journée portes ouvertes' },
  nl: { Visit: 'Bezoek met familie {name}', Valuation: 'Schatting van het pand', 'Photo shoot': "Foto's en grondplan", 'Open house': 'Opendeurdag' },
  en: { Visit: 'Viewing with the {name} family', Valuation: 'Property valuation', 'Photo shoot': 'Photo shoot and floor plan', 'Open house': 'Open house' },
};

type MessageKey = 'published' | 'feedback' | 'offer' | 'tenant' | 'report';

/** What the agency tells an owner: an offer only on a sale, a tenant only on a rental. */
const MESSAGE_KINDS: Record<MessageKey, { type: 'E-mail' | 'Phone' | 'Letter'; status: string; goal?: 0 | 1 }> = {
  published: { type: 'E-mail', status: 'sent' },
  feedback: { type: 'Phone', status: 'done' },
  offer: { type: 'E-mail', status: 'received', goal: 0 },
  tenant: { type: 'E-mail', status: 'received', goal: 1 },
  report: { type: 'Letter', status: 'sent' },
};

/** The messages in an owner's language, their subject and comment from crm-messages.json. */
function messagesIn(language: OwnerLang) {
  const texts: Record<MessageKey, { subject: string; comment: string }> = crmMessages[language];
  const keys: readonly MessageKey[] = ['published', 'feedback', 'offer', 'tenant', 'report'];
  return keys.map((key) => ({ ...MESSAGE_KINDS[key], ...texts[key] }));
}

const SOURCE_NAMES: Record<OwnerLang, [website: string, board: string]> = {
  fr: ["Site de l'agence", 'Panneau en façade'],
  nl: ['Website van het kantoor', 'Bord aan de gevel'],
  en: ['Agency website', 'Board on the façade'],
};

function onlineMedia(listing: Property, published: string, rng: Rng) {
  const town = listing.City.toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-');
  const goal = listing.Goal === 0 ? 'a-vendre' : 'a-louer';
  return [
    { Name: 'Immoweb', Url: `https://www.immoweb.be/fr/annonce/${goal}/${town}/${listing.Zip}/${rng.int(10_000_000, 11_999_999)}`, PublishedDate: published },
    { Name: 'Zimmo', Url: `https://www.zimmo.be/fr/${town}-${listing.Zip}/${goal}/${rng.int(100_000, 999_999)}/`, PublishedDate: addDays(published, 1) },
    { Name: 'Logic-Immo', Url: `https://www.logic-immo.be/fr/${goal}/${town}-${listing.Zip}/${rng.int(1_000_000, 9_999_999)}.html`, PublishedDate: addDays(published, 2) },
    { Name: 'Facebook', Url: `https://www.facebook.com/immohainaut/posts/${rng.int(100_000_000, 999_999_999)}`, PublishedDate: addDays(published, rng.int(3, 10)) },
  ];
}

function history(owner: OwnerPlan, listing: Property, french: Property, rng: Rng) {
  const language = owner.language;
  const created = listing.CreatedDate.slice(0, 10);
  const start = created < '2026-01-05' ? '2026-01-05' : addDays(created, 1);
  const published = randomDay(rng, start, addDays(start, 10));
  const calendarTypes = ['Valuation', 'Photo shoot', ...rng.sample(['Visit', 'Visit', 'Visit', 'Open house'], rng.int(1, 3))];
  let day = addDays(published, -rng.int(8, 14));
  const calendar = calendarTypes.map((type, index) => {
    day = index < 2 ? addDays(day, rng.int(1, 3)) : randomDay(rng, addDays(published, 3), '2026-12-18');
    const future = day >= REFERENCE_DATE;
    const template = CALENDAR[language][type] ?? type;
    return {
      Date: officeTime(rng, day < '2026-01-02' ? '2026-01-02' : day),
      Type: type,
      Subject: template.replace('{name}', rng.pick(VISITORS)),
      Status: future ? 'confirmed' : rng.chance(0.2) && type === 'Visit' ? 'cancelled' : 'done',
    };
  });
  const messages = rng.sample(
    messagesIn(language).filter((message) => message.goal === undefined || message.goal === listing.Goal),
    rng.int(2, 4),
  );
  const communications = messages.map((message) => ({
    Date: officeTime(rng, randomDay(rng, published, '2026-10-30')),
    Type: message.type,
    Contact: listing.ManagerName,
    Subject: message.subject,
    Comment: message.comment,
    Status: message.status,
  }));
  const [website, board] = SOURCE_NAMES[language];
  return {
    PropertyID: listing.ID,
    Calendar: calendar.sort((a, b) => a.Date.localeCompare(b.Date)),
    Communications: communications.sort((a, b) => a.Date.localeCompare(b.Date)),
    OnlineMedia: onlineMedia(french, published, rng),
    Sources: [
      { Name: 'Immoweb', Count: rng.int(8, 40) },
      { Name: 'Zimmo', Count: rng.int(2, 15) },
      { Name: website, Count: rng.int(3, 20) },
      { Name: board, Count: rng.int(0, 6) },
    ],
  };
}

export function buildOwners(properties: Property[]): Owner[] {
  const owned = OWNERS.flatMap((owner) => owner.properties);
  if (new Set(owned).size !== owned.length) throw new Error('a listing is owned twice');
  return OWNERS.map((owner) => {
    const rng = rngFor('owner', owner.id);
    return {
      ID: owner.id,
      Email: owner.email,
      FirstName: owner.first,
      LastName: owner.last,
      Language: owner.language,
      PropertyIDs: owner.properties,
      History: owner.properties.map((propertyId) => {
        const listing = properties.find((property) => property.ID === propertyId && property.language === owner.language);
        const french = properties.find((property) => property.ID === propertyId && property.language === 'fr');
        if (!listing || !french) throw new Error(`owner ${owner.id}: unknown listing ${propertyId}`);
        return history(owner, listing, french, rng);
      }),
    };
  });
}
