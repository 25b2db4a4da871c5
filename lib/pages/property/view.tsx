import { PropertyDetail } from '@/components/catalogue/property-detail';
import { PropertyNotFound } from '@/components/catalogue/property-not-found';
import { getProperty } from '@/lib/catalogue';
import { failIfConfigured } from '@/lib/server/injected-fault';
import type { View } from '../kind';
import type { PropertyRoute } from './kind';

export const PropertyView: View<PropertyRoute> = ({ route, language }) => {
  failIfConfigured(`listing-${route.id}`);
  const property = getProperty(route.id, language);
  return property ? <PropertyDetail property={property} language={language} /> : <PropertyNotFound language={language} />;
};
