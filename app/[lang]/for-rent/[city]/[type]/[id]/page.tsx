import type { Metadata } from 'next';
import { permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PropertyNotFound } from '@/components/catalogue/property-not-found';
import { PropertyDetail, propertyTitle } from '@/components/catalogue/property-detail';
import { getDetailSlugs, getProperty } from '@/lib/catalogue';
import { resolveDetail, requireLanguage, staticLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Params = { lang: string; city: string; type: string; id: string };
type Props = { params: Promise<Params> };

export function generateStaticParams({ params }: { params: { lang: string } }) {
  return getDetailSlugs(staticLanguage(params.lang))
    .filter((listing) => listing.goal === 'rent')
    .map((listing) => ({ city: listing.city, type: listing.type, id: String(listing.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, ...detail } = await params;
  const language = requireLanguage(lang);
  const resolution = resolveDetail('for-rent', language, detail);
  const property = resolution.kind === 'found' ? getProperty(resolution.id, language) : undefined;
  if (!property) {
    const t = await getTranslations({ locale: language, namespace: 'property' });
    return { title: t('notFoundTitle'), robots: { index: false } };
  }
  return pageMetadata(language, { page: 'property', id: property.ID }, propertyTitle(property));
}

export default async function PropertyForRentPage({ params }: Props) {
  const { lang, ...detail } = await params;
  const language = requireLanguage(lang);
  const resolution = resolveDetail('for-rent', language, detail);
  if (resolution.kind === 'redirect') permanentRedirect(resolution.to);
  const property = resolution.kind === 'found' ? getProperty(resolution.id, language) : undefined;
  // The proxy answers unknown ids with a 404 status and renders this route for them.
  if (!property) return <PropertyNotFound language={language} />;
  return <PropertyDetail property={property} language={language} />;
}
