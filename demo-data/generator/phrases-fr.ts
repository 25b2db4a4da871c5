import type { Kind } from './plan';
import { groupDigits, isoParts, type Phrases } from './phrase-types';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TYPE_BASE: Record<Kind, string> = {
  house: 'Maison',
  villa: 'Villa',
  farm: 'Ferme',
  townhouse: 'Maison de maître',
  studio: 'Studio',
  apartment: 'Appartement',
  penthouse: 'Penthouse',
  land: 'Terrain à bâtir',
  investment: 'Immeuble de rapport',
  shop: 'Surface commerciale',
  office: 'Bureaux',
  garage: 'Box de garage',
};

export const fr: Phrases = {
  item: {
    house: 'une maison familiale spacieuse',
    villa: 'une villa quatre façades',
    farm: 'une ferme rénovée',
    townhouse: 'une charmante maison de maître',
    studio: 'un studio prêt à habiter',
    apartment: 'un appartement lumineux',
    penthouse: 'un penthouse avec grande terrasse',
    land: 'un terrain à bâtir bien situé',
    investment: 'un immeuble de rapport entièrement loué',
    shop: 'une surface commerciale avec vitrine',
    office: 'un espace de bureaux moderne',
    garage: 'un box de garage fermé',
  },
  typeDescription: (kind, bedrooms) => (bedrooms === null || bedrooms === 0 ? TYPE_BASE[kind] : `${TYPE_BASE[kind]} ${plural(bedrooms, 'chambre', 'chambres')}`),
  intro: {
    sale: [
      '<p><strong>À vendre à {town} :</strong> {item}, à proximité immédiate de toutes les commodités.</p>',
      "<p>Notre agence vous propose {item} à {town}. Un bien qu'il faut absolument visiter pour en apprécier tout le potentiel.</p>",
      "<p>Dans une rue calme de {town}, découvrez {item} qui n'attend plus que ses nouveaux propriétaires.</p>",
    ],
    rent: [
      '<p><strong>À louer à {town} :</strong> {item}, en excellent état et facilement accessible.</p>',
      '<p>Nous proposons à la location {item} à {town}, idéal pour qui recherche confort et situation centrale.</p>',
      '<p>Dans un quartier recherché de {town}, {item} est disponible à la location, visite sur rendez-vous.</p>',
    ],
  },
  bedrooms: (n) => plural(n, 'chambre', 'chambres'),
  bathrooms: (n) => plural(n, 'salle de bains', 'salles de bains'),
  living: (n) => `Surface habitable d'environ ${n} m²`,
  ground: (n) => `Terrain de ${groupDigits(n, ' ')} m²`,
  garden: (n) => `Jardin de ${n} m²`,
  terrace: (n) => `Terrasse de ${n} m²`,
  garage: (n) => `Garage pour ${plural(n, 'voiture', 'voitures')}`,
  facades: (n) => (n === 2 ? 'Construction mitoyenne (2 façades)' : n === 3 ? 'Construction semi-mitoyenne (3 façades)' : 'Construction 4 façades'),
  built: (year) => `Construction de ${year}`,
  renovated: (year) => `Rénovation en ${year}`,
  floor: (floor) => (floor === 0 ? 'Rez-de-chaussée' : `Situé au ${floor === 1 ? '1er' : `${floor}e`} étage`),
  featuresTitle: 'Les atouts :',
  location: {
    street: [
      '<p>Le bien se trouve {streetIn} à {town}, à distance de marche des commerces, des écoles et des transports en commun.<br>Les grands axes routiers sont à quelques minutes en voiture.</p>',
      '<p>Adresse : {street}, {town}.<br>Boulangerie, supermarché et arrêt de bus se trouvent au coin de la rue.</p>',
    ],
    hidden: ["<p>Situation calme dans un quartier résidentiel de {town}.<br>L'adresse exacte vous sera communiquée lors de la prise de rendez-vous.</p>"],
  },
  saleClosing: [
    '<p><strong>Ce bien vous intéresse ?</strong> Contactez notre agence pour une visite ou pour recevoir le dossier complet.</p>',
    "<p>Visites uniquement sur rendez-vous. <strong>N'hésitez pas à nous appeler</strong> pour plus d'informations.</p>",
  ],
  rentClosing: (months) => `<p>Bail de 9 ans (3-6-9). Garantie locative : ${months} mois de loyer. <strong>Visites uniquement sur rendez-vous.</strong></p>`,
  garageListing: {
    location: '<p>Adresse : {street}, {town}.<br>Accès aisé par une large allée.</p>',
    closing: "<p>Location au mois, résiliable moyennant un préavis d'un mois. Idéal pour garer une voiture ou comme espace de rangement.</p>",
  },
  free: (date) => `<p>Libre à partir du ${date}.</p>`,
  viager: (bouquet, monthly, ages, occupied) =>
    `<p><strong>Vente en viager</strong> (${occupied ? 'occupé' : 'libre'}) : bouquet de ${bouquet} et rente mensuelle de ${monthly}, ` +
    `sur ${ages.length === 1 ? 'une tête' : 'deux têtes'} (${ages.join(' et ')} ans).</p>`,
  project:
    "<p>Ce logement fait partie du projet neuf <strong>{project}</strong>. Vente sous le régime de la loi Breyne ; TVA de 21 % sur la construction, droits d'enregistrement sur la quote-part terrain.</p>",
  long: {
    house: [
      "<p>La maison a été entretenue avec soin au fil des années. Le rez-de-chaussée comprend un hall d'entrée avec vestiaire et WC séparé, un vaste séjour très lumineux et une cuisine fonctionnelle donnant accès au jardin. La cave, parfaitement saine, offre un espace de rangement supplémentaire.</p>",
      "<p>À l'étage se trouvent les chambres, toutes dotées de rangements, ainsi qu'une salle de bains avec douche à l'italienne et double vasque. Le grenier, accessible par un escalier fixe, peut facilement être aménagé en bureau, salle de jeux ou chambre supplémentaire.</p>",
      "<p>{town} est une commune agréable, avec un centre animé, un marché hebdomadaire et une large offre d'écoles et de clubs sportifs. La gare et les arrêts de bus sont proches, et l'autoroute vous mène rapidement à Bruxelles ou à Lille.</p>",
      "<p>Côté énergie et confort, d'importants travaux ont été réalisés ces dernières années : isolation de la toiture, nouveaux châssis et chaudière moderne. L'installation électrique a été contrôlée et est conforme. Le certificat PEB, les renseignements urbanistiques et l'ensemble des plans du bien peuvent être consultés à notre agence.</p>",
    ],
    apartment: [
      "<p>L'appartement se situe dans une résidence soignée avec ascenseur, vidéophone et hall commun bien entretenu. Le séjour est clair et spacieux, avec une cuisine ouverte qui donne sur la terrasse. Chaque pièce bénéficie d'un bel éclairage naturel.</p>",
      "<p>Le hall de nuit dessert les chambres et la salle de bains moderne avec douche à l'italienne, meuble lavabo et radiateur sèche-serviettes. Une buanderie avec raccordement pour lave-linge et une cave privative rendent l'ensemble particulièrement pratique au quotidien.</p>",
      "<p>{town} offre tout à portée de main : commerces, restaurants, écoles, services médicaux et une excellente desserte en transports en commun. Les charges communes restent raisonnables et comprennent l'entretien des parties communes et de l'ascenseur.</p>",
      "<p>La résidence est gérée par un syndic professionnel et le fonds de réserve est bien alimenté. Aucun chantier important n'est prévu. Les parties communes ont été repeintes récemment, l'ascenseur a été modernisé et le local vélos est fermé à clé. Les procès-verbaux des dernières assemblées générales sont disponibles sur demande.</p>",
    ],
    commercial: [
      "<p>Le bien dispose d'une large façade avec grande vitrine et bénéficie d'une excellente visibilité dans une rue commerçante fréquentée. L'espace de vente est modulable, avec à l'arrière une réserve, une kitchenette et des sanitaires pour le personnel.</p>",
      "<p>Les installations techniques ont été récemment contrôlées : électricité conforme, chauffage entretenu chaque année et système d'alarme avec vidéosurveillance. Le bien convient à de nombreuses activités : commerce de détail, profession libérale ou services.</p>",
      '<p>{town} attire chaque jour de nombreux visiteurs grâce à son centre historique, ses marchés et ses nombreux événements. Le quartier offre de larges possibilités de stationnement et la gare est à quelques minutes à pied.</p>',
      "<p>L'aménagement actuel permet de démarrer rapidement : l'espace de vente est fini avec un carrelage, des faux plafonds avec éclairage LED et une climatisation. Les fournisseurs peuvent charger et décharger à l'arrière grâce à un accès séparé, et la cave offre un espace de stockage supplémentaire. Le bien est libre d'occupation et disponible à court terme.</p>",
      "<p>Le bien se situe à proximité de grandes enseignes, de banques et d'établissements horeca, ce qui garantit un passage constant. La publicité en façade est autorisée moyennant une demande auprès de la commune. Nous vous transmettons volontiers le dossier complet avec les plans, les attestations de contrôle et les renseignements urbanistiques.</p>",
    ],
  },
  clickText: 'Cliquez ici pour voir toutes les photos.',
  linkSentence: "<p>Plus d'informations sur la commune : {link}.</p>",
  money: (amount) => `${groupDigits(amount, ' ')} €`,
  date: (iso) => {
    const { year, month, day } = isoParts(iso);
    return `${day === 1 ? '1er' : day} ${MONTHS[month - 1] ?? ''} ${year}`;
  },
};
