import { PropertyDetail } from '@/components/catalogue/property-detail';
import { PropertyNotFound } from '@/components/catalogue/property-not-found';
import { getProperty } from '@/lib/catalogue';
import type { View } from '../kind';
import type { PropertyRoute } from './kind';

export const PropertyView: View<PropertyRoute> = ({ route, language }) => {
  const property = getProperty(route.id, language);
  return property ? <PropertyDetail property={property} language={language} /> : <PropertyNotFound language={language} />;
};
