import type { Metadata } from 'next';
import { PageFrame } from '@/components/layout/page-frame';
import { NewsletterConfirmationPage } from '@/components/newsletter/confirmation-page';
import { requireLanguage } from '@/lib/i18n';
import { confirmationLinkEmail, confirmationLinkState } from '@/lib/newsletter/link-state';
import { routeMetadata } from '@/lib/pages/metadata';

/*
 * The page of a newsletter confirmation link, rendered per request (it reads the link's token).
 * Reached only through the proxy's rewrite of /{lang}/{confirm-newsletter}/?token=...
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  return routeMetadata(requireLanguage(lang), { page: 'newsletter-confirm' });
}

export default async function NewsletterConfirmation({ params, searchParams }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const { token } = await searchParams;
  const linkToken = typeof token === 'string' ? token : undefined;
  const [state, email] = await Promise.all([confirmationLinkState(linkToken), confirmationLinkEmail(linkToken)]);
  return (
    <PageFrame language={language} route={{ page: 'newsletter-confirm', token: linkToken }}>
      <NewsletterConfirmationPage state={state} email={email} token={linkToken} language={language} />
    </PageFrame>
  );
}
