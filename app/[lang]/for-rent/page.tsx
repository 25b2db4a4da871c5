import type { Metadata } from 'next';
import { ListingsPage, listingsTitle } from '@/components/catalogue/listings-page';
import { requireLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const language = requireLanguage((await params).lang);
  const { title, description } = await listingsTitle('rent', language);
  return pageMetadata(language, { page: 'for-rent' }, title, description);
}

export default async function ForRentPage({ params }: Props) {
  const language = requireLanguage((await params).lang);
  return <ListingsPage goal="rent" language={language} />;
}
