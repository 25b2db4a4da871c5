import type { Kind } from './plan';
import { groupDigits, isoParts, type Phrases } from './phrase-types';

const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

const TYPE_BASE: Record<Kind, string> = {
  house: 'Haus',
  villa: 'Villa',
  farm: 'Bauernhof',
  townhouse: 'Bürgerhaus',
  studio: 'Studio',
  apartment: 'Wohnung',
  penthouse: 'Penthouse',
  land: 'Baugrundstück',
  investment: 'Renditeobjekt',
  shop: 'Ladenlokal',
  office: 'Büroräume',
  garage: 'Einzelgarage',
};

/* Every {item} below is used as a grammatical subject (nominative), so the articles stay right. */
export const de: Phrases = {
  item: {
    house: 'ein geräumiges Einfamilienhaus',
    villa: 'eine freistehende Villa',
    farm: 'ein renovierter Bauernhof',
    townhouse: 'ein charmantes Bürgerhaus',
    studio: 'ein bezugsfertiges Studio',
    apartment: 'eine helle Wohnung',
    penthouse: 'ein Penthouse mit großer Terrasse',
    land: 'ein gut gelegenes Baugrundstück',
    investment: 'ein vollständig vermietetes Renditeobjekt',
    shop: 'ein Ladenlokal mit Schaufenster',
    office: 'eine moderne Bürofläche',
    garage: 'eine abschließbare Garage',
  },
  typeDescription: (kind, bedrooms) => (bedrooms === null || bedrooms === 0 ? TYPE_BASE[kind] : `${TYPE_BASE[kind]} mit ${bedrooms} ${bedrooms === 1 ? 'Schlafzimmer' : 'Schlafzimmern'}`),
  intro: {
    sale: [
      '<p><strong>Zu verkaufen in {town}:</strong> {item} in hervorragender Lage, nahe allen Einrichtungen.</p>',
      '<p>In {town} steht {item} zum Verkauf – eine Immobilie, die Sie unbedingt von innen entdecken sollten.</p>',
      '<p>In einer ruhigen Straße von {town} liegt {item}, bereit für neue Eigentümer.</p>',
    ],
    rent: [
      '<p><strong>Zu vermieten in {town}:</strong> {item}, gepflegt und gut erreichbar.</p>',
      '<p>In {town} ist {item} zu vermieten – ideal für alle, die Komfort und eine zentrale Lage suchen.</p>',
      '<p>In einer gefragten Wohngegend von {town} steht {item} zur Miete; Besichtigung nach Vereinbarung.</p>',
    ],
  },
  bedrooms: (n) => `${n} Schlafzimmer`,
  bathrooms: (n) => `${n} Badezimmer`,
  living: (n) => `Wohnfläche von ca. ${n} m²`,
  ground: (n) => `Grundstück von ${groupDigits(n, '.')} m²`,
  garden: (n) => `Garten von ${n} m²`,
  terrace: (n) => `Terrasse von ${n} m²`,
  garage: (n) => `Garage für ${n} ${n === 1 ? 'Fahrzeug' : 'Fahrzeuge'}`,
  facades: (n) => (n === 2 ? 'Geschlossene Bauweise (2 Fassaden)' : n === 3 ? 'Halboffene Bauweise (3 Fassaden)' : 'Offene Bauweise (4 Fassaden)'),
  built: (year) => `Baujahr ${year}`,
  renovated: (year) => `Renovierung ${year}`,
  floor: (floor) => (floor === 0 ? 'Erdgeschoss' : `Im ${floor}. Obergeschoss`),
  featuresTitle: 'Die Vorzüge:',
  location: {
    street: [
      '<p>Lage: {street} in {town}, zu Fuß nur wenige Minuten von Geschäften, Schulen und öffentlichen Verkehrsmitteln entfernt.<br>Die großen Verkehrsachsen erreichen Sie in wenigen Autominuten.</p>',
      '<p>Adresse: {street}, {town}.<br>Bäckerei, Supermarkt und Bushaltestelle befinden sich gleich um die Ecke.</p>',
    ],
    hidden: ['<p>Ruhige Lage in einem Wohnviertel von {town}.<br>Die genaue Adresse teilen wir Ihnen bei der Terminvereinbarung mit.</p>'],
  },
  saleClosing: [
    '<p><strong>Interesse geweckt?</strong> Kontaktieren Sie unser Büro für eine Besichtigung oder die vollständigen Unterlagen.</p>',
    '<p>Besichtigungen nur nach Vereinbarung. <strong>Rufen Sie uns gerne an</strong>, wir beraten Sie persönlich.</p>',
  ],
  rentClosing: (months) => `<p>Mietvertrag über 9 Jahre (3-6-9). Mietkaution: ${months} Monatsmieten. <strong>Besichtigungen nur nach Vereinbarung.</strong></p>`,
  garageListing: {
    location: '<p>Adresse: {street}, {town}.<br>Bequeme Zufahrt über einen breiten Weg.</p>',
    closing: '<p>Monatliche Miete, mit einer Frist von einem Monat kündbar. Ideal zum Abstellen eines Fahrzeugs oder als Lagerraum.</p>',
  },
  free: (date) => `<p>Frei ab dem ${date}.</p>`,
  viager: (bouquet, monthly, ages, occupied) =>
    `<p><strong>Verkauf auf Leibrente</strong> (${occupied ? 'bewohnt' : 'frei'}): Einmalzahlung von ${bouquet} und eine monatliche Rente von ${monthly}, ` +
    `auf ${ages.length === 1 ? 'ein Leben' : 'zwei Leben'} (${ages.join(' und ')} Jahre).</p>`,
  project: '<p>Diese Wohneinheit gehört zum Neubauprojekt <strong>{project}</strong>. Verkauf nach dem Breyne-Gesetz; 21 % MwSt. auf den Bau, Registrierungsgebühren auf den Grundstücksanteil.</p>',
  long: {
    house: [
      '<p>Das Haus wurde über die Jahre sorgfältig gepflegt. Im Erdgeschoss befinden sich eine Eingangshalle mit Garderobe und separatem WC, ein großzügiger, sehr heller Wohnbereich und eine praktische Küche mit Zugang zum Garten. Der trockene Keller bietet zusätzlichen Stauraum.</p>',
      '<p>Im Obergeschoss liegen die Schlafzimmer, alle mit Einbauschränken, sowie ein Badezimmer mit bodengleicher Dusche und Doppelwaschtisch. Der Dachboden ist über eine feste Treppe erreichbar und lässt sich leicht zu einem Büro, Spielzimmer oder weiteren Schlafzimmer ausbauen.</p>',
      '<p>{town} ist eine angenehme Gemeinde mit einem lebendigen Zentrum, einem Wochenmarkt und einem breiten Angebot an Schulen und Sportvereinen. Bahnhof und Bushaltestellen liegen in der Nähe, und über die Autobahn sind Sie schnell in Brüssel oder Lille.</p>',
      '<p>In Sachen Energie und Komfort wurden in den letzten Jahren wichtige Arbeiten durchgeführt: Dachdämmung, neue Fenster und ein moderner Heizkessel. Die Elektroinstallation wurde geprüft und ist konform. Der Energieausweis, die städtebaulichen Auskünfte und sämtliche Pläne des Hauses können in unserem Büro eingesehen werden.</p>',
    ],
    apartment: [
      '<p>Die Wohnung befindet sich in einer gepflegten Residenz mit Aufzug, Videosprechanlage und ordentlicher gemeinsamer Eingangshalle. Der Wohnbereich ist hell und großzügig, mit offener Küche und direktem Zugang zur Terrasse. Alle Räume haben viel Tageslicht.</p>',
      '<p>Der Nachtflur führt zu den Schlafzimmern und dem modernen Badezimmer mit bodengleicher Dusche, Waschtischunterschrank und Handtuchheizkörper. Ein separater Hauswirtschaftsraum mit Waschmaschinenanschluss und ein eigener Kellerraum machen den Alltag besonders bequem.</p>',
      '<p>In {town} ist alles in Reichweite: Geschäfte, Restaurants, Schulen, ärztliche Versorgung und eine gute Anbindung an den öffentlichen Verkehr. Die Nebenkosten der Gemeinschaft bleiben moderat und umfassen die Pflege der Gemeinschaftsflächen und des Aufzugs.</p>',
      '<p>Die Residenz wird von einem professionellen Verwalter betreut, und die Rücklage ist gut gefüllt. Größere Arbeiten sind nicht geplant. Die Gemeinschaftsflächen wurden kürzlich neu gestrichen, der Aufzug wurde modernisiert und der Fahrradraum ist abschließbar. Die Protokolle der letzten Eigentümerversammlungen erhalten Sie auf Anfrage.</p>',
    ],
    commercial: [
      '<p>Die Immobilie verfügt über eine breite Fassade mit großem Schaufenster und ist in einer belebten Einkaufsstraße hervorragend sichtbar. Die Verkaufsfläche ist frei gestaltbar, im hinteren Bereich gibt es ein Lager, eine Kochnische und Personaltoiletten.</p>',
      '<p>Die technischen Anlagen wurden kürzlich geprüft: Elektroinstallation konform, jährlich gewartete Heizung und Alarmanlage mit Videoüberwachung. Die Fläche eignet sich für viele Tätigkeiten, etwa Einzelhandel, freie Berufe oder Dienstleistungen.</p>',
      '<p>{town} zieht dank seiner historischen Altstadt, seiner Märkte und zahlreicher Veranstaltungen täglich viele Besucher an. In der Umgebung gibt es reichlich Parkplätze, und der Bahnhof ist wenige Gehminuten entfernt.</p>',
      '<p>Die aktuelle Ausstattung ermöglicht einen schnellen Start: Die Verkaufsfläche hat einen Fliesenboden, abgehängte Decken mit LED-Beleuchtung und eine Klimaanlage. Lieferanten können über einen separaten Zugang auf der Rückseite be- und entladen, und der Keller bietet zusätzlichen Lagerraum. Die Fläche ist frei und kurzfristig verfügbar.</p>',
      '<p>Die Immobilie liegt in der Nähe großer Handelsketten, Banken und gastronomischer Betriebe, was für regen Publikumsverkehr sorgt. Werbung an der Fassade ist nach Antrag bei der Gemeinde erlaubt. Gerne senden wir Ihnen die vollständigen Unterlagen mit Plänen, Prüfbescheinigungen und städtebaulichen Auskünften zu.</p>',
    ],
  },
  clickText: 'Klicken Sie hier, um alle Fotos zu sehen.',
  linkSentence: '<p>Weitere Informationen über die Gemeinde finden Sie unter {link}.</p>',
  money: (amount) => `${groupDigits(amount, '.')} €`,
  date: (iso) => {
    const { year, month, day } = isoParts(iso);
    return `${day}. ${MONTHS[month - 1] ?? ''} ${year}`;
  },
};
