import type { Kind } from './plan';
import { groupDigits, isoParts, type Phrases } from './phrase-types';

const MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TYPE_BASE: Record<Kind, string> = {
  house: 'Woning',
  villa: 'Villa',
  farm: 'Hoeve',
  townhouse: 'Herenwoning',
  studio: 'Studio',
  apartment: 'Appartement',
  penthouse: 'Penthouse',
  land: 'Bouwgrond',
  investment: 'Opbrengsteigendom',
  shop: 'Handelspand',
  office: 'Kantoorruimte',
  garage: 'Garagebox',
};

export const nl: Phrases = {
  item: {
    house: 'een ruime gezinswoning',
    villa: 'een vrijstaande villa',
    farm: 'een gerenoveerde hoeve',
    townhouse: 'een charmante herenwoning',
    studio: 'een instapklare studio',
    apartment: 'een lichtrijk appartement',
    penthouse: 'een penthouse met ruim terras',
    land: 'een mooi gelegen bouwgrond',
    investment: 'een goed verhuurd opbrengsteigendom',
    shop: 'een handelspand met etalage',
    office: 'een moderne kantoorruimte',
    garage: 'een afgesloten garagebox',
  },
  typeDescription: (kind, bedrooms) => (bedrooms === null || bedrooms === 0 ? TYPE_BASE[kind] : `${TYPE_BASE[kind]} met ${plural(bedrooms, 'slaapkamer', 'slaapkamers')}`),
  intro: {
    sale: [
      '<p><strong>Te koop in {town}:</strong> {item} op een uitstekende ligging, dicht bij alle voorzieningen.</p>',
      '<p>Ons kantoor biedt {item} te koop aan in {town}. Een eigendom dat u zeker vanbinnen moet komen ontdekken.</p>',
      '<p>In een rustige straat van {town} vindt u {item}, klaar om nieuwe eigenaars te verwelkomen.</p>',
    ],
    rent: [
      '<p><strong>Te huur in {town}:</strong> {item}, goed onderhouden en vlot bereikbaar.</p>',
      '<p>Wij bieden {item} te huur aan in {town}, ideaal voor wie comfort en een centrale ligging zoekt.</p>',
      '<p>Op een gegeerde ligging in {town} staat {item} te huur, onmiddellijk beschikbaar na afspraak.</p>',
    ],
  },
  bedrooms: (n) => plural(n, 'slaapkamer', 'slaapkamers'),
  bathrooms: (n) => plural(n, 'badkamer', 'badkamers'),
  living: (n) => `Bewoonbare oppervlakte van ca. ${n} m²`,
  ground: (n) => `Perceel van ${groupDigits(n, '.')} m²`,
  garden: (n) => `Tuin van ${n} m²`,
  terrace: (n) => `Terras van ${n} m²`,
  garage: (n) => `Garage voor ${plural(n, 'wagen', 'wagens')}`,
  facades: (n) => (n === 2 ? 'Gesloten bebouwing' : n === 3 ? 'Halfopen bebouwing' : 'Open bebouwing'),
  built: (year) => `Bouwjaar ${year}`,
  renovated: (year) => `Gerenoveerd in ${year}`,
  floor: (floor) => (floor === 0 ? 'Gelijkvloers' : `Gelegen op de ${floor}e verdieping`),
  featuresTitle: 'Troeven:',
  location: {
    street: [
      '<p>Gelegen in de {street} in {town}, op wandelafstand van winkels, scholen en openbaar vervoer.<br>De grote verbindingswegen liggen op enkele minuten rijden.</p>',
      '<p>Adres: {street}, {town}.<br>Bakker, supermarkt en bushalte bevinden zich om de hoek.</p>',
    ],
    hidden: ['<p>Rustig gelegen in een residentiële wijk van {town}.<br>Het exacte adres wordt meegedeeld bij het maken van een afspraak.</p>'],
  },
  saleClosing: [
    '<p><strong>Interesse?</strong> Neem contact op met ons kantoor voor een bezoek of bijkomende informatie.</p>',
    '<p>Bezoek uitsluitend op afspraak. <strong>Bel ons gerust</strong> voor het volledige dossier.</p>',
  ],
  rentClosing: (months) => `<p>Huurcontract van 9 jaar (3-6-9). Huurwaarborg: ${months} maanden huur. <strong>Bezoek enkel op afspraak.</strong></p>`,
  garageListing: {
    location: '<p>Adres: {street}, {town}.<br>Toegankelijk via een brede oprit.</p>',
    closing: '<p>Maandelijkse huur, opzegbaar mits één maand opzeg. Ideaal om een wagen te stallen of als bergruimte.</p>',
  },
  free: (date) => `<p>Vrij vanaf ${date}.</p>`,
  viager: (bouquet, monthly, ages, occupied) =>
    `<p><strong>Verkoop op lijfrente</strong> (${occupied ? 'bezet' : 'vrij'}): boeket van ${bouquet} en een maandelijkse rente van ${monthly}, ` +
    `op ${ages.length === 1 ? 'één hoofd' : 'twee hoofden'} (${ages.join(' en ')} jaar).</p>`,
  project:
    '<p>Deze wooneenheid maakt deel uit van het nieuwbouwproject <strong>{project}</strong>. Verkoop onder de wet Breyne; 21% btw op de constructie, registratierechten op het grondaandeel.</p>',
  long: {
    house: [
      '<p>De woning werd de voorbije jaren met veel zorg onderhouden. Op het gelijkvloers vindt u een inkomhal met vestiaire en apart toilet, een ruime leefruimte met veel lichtinval en een functionele keuken die uitgeeft op de tuin. De kelder biedt extra bergruimte en is perfect droog.</p>',
      '<p>Op de verdieping bevinden zich de slaapkamers, elk met voldoende kastruimte, en een badkamer met inloopdouche en dubbele lavabo. De zolder is via een vaste trap bereikbaar en kan eenvoudig worden omgebouwd tot bureau, speelruimte of extra slaapkamer.</p>',
      '<p>{town} is een aangename gemeente met een levendig centrum, een wekelijkse markt en een ruim aanbod aan scholen en sportclubs. Het station en de bushaltes liggen dichtbij, en via de autosnelweg bent u snel in Brussel of Rijsel.</p>',
      '<p>Op het vlak van energie en comfort werden de voorbije jaren belangrijke werken uitgevoerd: isolatie van het dak, nieuwe ramen en een moderne verwarmingsketel. De elektrische installatie is gekeurd en conform. Het EPB-certificaat, de stedenbouwkundige inlichtingen en alle plannen van de woning liggen ter inzage op ons kantoor.</p>',
    ],
    apartment: [
      '<p>Het appartement bevindt zich in een verzorgde residentie met lift, videofoon en een goed onderhouden gemeenschappelijke inkomhal. De leefruimte is licht en ruim, met een open keuken die aansluit op het terras. Elke kamer heeft een aangename grootte en veel daglicht.</p>',
      '<p>De nachthal leidt naar de slaapkamers en de moderne badkamer met inloopdouche, wastafelmeubel en handdoekradiator. Een aparte berging met aansluiting voor de wasmachine en een privatieve kelder maken het geheel bijzonder praktisch in het dagelijkse leven.</p>',
      '<p>{town} biedt alles binnen handbereik: winkels, restaurants, scholen, medische voorzieningen en een vlotte verbinding met het openbaar vervoer. De gemeenschappelijke kosten blijven beperkt en omvatten het onderhoud van de gemene delen en de lift.</p>',
      '<p>De residentie wordt beheerd door een professionele syndicus en het reservefonds is goed gespijsd. Er zijn geen grote werken gepland. De gemeenschappelijke delen werden recent geschilderd, de lift werd gemoderniseerd en de fietsenberging is afgesloten. De verslagen van de laatste algemene vergaderingen zijn op aanvraag beschikbaar.</p>',
    ],
    commercial: [
      '<p>Het pand heeft een brede gevel met grote etalage en geniet van een uitstekende zichtbaarheid in een drukke winkelstraat. De verkoopruimte is vrij indeelbaar, met achteraan een stockageruimte, een kitchenette en sanitair voor het personeel.</p>',
      '<p>De technische installaties werden recent nagekeken: elektriciteit conform, verwarming met jaarlijks onderhoud en een alarmsysteem met camerabewaking. Het pand is geschikt voor tal van activiteiten, zoals detailhandel, een vrij beroep of dienstverlening.</p>',
      '<p>{town} trekt dagelijks veel bezoekers dankzij het historische centrum, de markten en de talrijke evenementen. Er is ruime parkeergelegenheid in de buurt en het station ligt op enkele minuten wandelen.</p>',
      '<p>De huidige inrichting laat toe om snel van start te gaan: de verkoopruimte is afgewerkt met een tegelvloer, verlaagde plafonds met ledverlichting en airconditioning. Leveranciers kunnen achteraan laden en lossen via een aparte toegang, en de kelder biedt bijkomende opslagruimte. Het pand is vrij van gebruik en op korte termijn beschikbaar.</p>',
      '<p>Het pand ligt in de nabijheid van grote winkelketens, banken en horecazaken, wat voor een constante passage zorgt. Publiciteit op de gevel is toegestaan na aanvraag bij de gemeente. Wij bezorgen u graag het volledige dossier met plannen, keuringsattesten en de stedenbouwkundige inlichtingen.</p>',
    ],
  },
  clickText: "Klik hier om alle foto's te bekijken.",
  linkSentence: '<p>Meer informatie over de gemeente vindt u op {link}.</p>',
  money: (amount) => `€ ${groupDigits(amount, '.')}`,
  date: (iso) => {
    const { year, month, day } = isoParts(iso);
    return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
  },
};
