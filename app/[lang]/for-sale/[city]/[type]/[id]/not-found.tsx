import { PropertyNotFound } from '@/components/catalogue/property-not-found';

export default function NotFound() {
  return <PropertyNotFound />;
}
