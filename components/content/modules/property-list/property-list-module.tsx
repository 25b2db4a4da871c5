import { PropertyList } from '@/components/catalogue/property-list';
import { latestListings } from '@/lib/catalogue';
import { limitOf, type ModuleView } from '../module-view';

/** The newest listings of a goal (relations.id "sale" or "rent"). */
export const propertyListModule: ModuleView = (module, language) => {
  const listings = latestListings(module.relations.id === 'rent' ? 'rent' : 'sale', language, limitOf(module));
  return { body: <PropertyList properties={listings} language={language} perRow={module.numberItemOfRow} />, framed: false };
};
