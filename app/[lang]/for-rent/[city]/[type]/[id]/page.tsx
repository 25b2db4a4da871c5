import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { PropertyDetail, propertyTitle } from '@/components/catalogue/property-detail';
import { getDetailSlugs, getProperty } from '@/lib/catalogue';
import { resolveDetail, requireLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';
import type { Language } from '@/lib/config';

type Params = { lang: string; city: string; type: string; id: string };
type Props = { params: Promise<Params> };

export function generateStaticParams({ params }: { params: { lang: Language } }) {
  return getDetailSlugs(params.lang)
    .filter((listing) => listing.goal === 'rent')
    .map((listing) => ({ city: listing.city, type: listing.type, id: String(listing.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, ...detail } = await params;
  const language = requireLanguage(lang);
  const resolution = resolveDetail('for-rent', language, detail);
  const property = resolution.kind === 'found' ? getProperty(resolution.id, language) : undefined;
  if (!property) return {};
  return pageMetadata(language, { page: 'property', id: property.ID }, propertyTitle(property));
}

export default async function PropertyForRentPage({ params }: Props) {
  const { lang, ...detail } = await params;
  const language = requireLanguage(lang);
  const resolution = resolveDetail('for-rent', language, detail);
  if (resolution.kind === 'redirect') permanentRedirect(resolution.to);
  const property = resolution.kind === 'found' ? getProperty(resolution.id, language) : undefined;
  if (!property) notFound();
  return <PropertyDetail property={property} language={language} />;
}
