import type { Metadata } from 'next';
import { ListingsPage, listingsTitle } from '@/components/catalogue/listings-page';
import { requireLanguage } from '@/lib/i18n';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const language = requireLanguage((await params).lang);
  const { title, description } = await listingsTitle('sale', language);
  return pageMetadata(language, { page: 'for-sale' }, title, description);
}

export default async function ForSalePage({ params }: Props) {
  const language = requireLanguage((await params).lang);
  return <ListingsPage goal="sale" language={language} />;
}
