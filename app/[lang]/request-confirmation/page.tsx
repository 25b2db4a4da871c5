import type { Metadata } from 'next';
import { PageFrame } from '@/components/layout/page-frame';
import { RequestConfirmationPage } from '@/components/requests/request-confirmation-page';
import { requestLinkView } from '@/lib/forms/request-confirm-route';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';

/*
 * The page of the link that confirms a request sent without JavaScript, rendered per request (it
 * reads the link's token). Reached only through the proxy's rewrite of /{lang}/{confirm-request}/?token=...
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  return routeMetadata(requireLanguage(lang), { page: 'request-confirm' });
}

export default async function RequestConfirmation({ params, searchParams }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const { token } = await searchParams;
  const linkToken = typeof token === 'string' ? token : undefined;
  const view = await requestLinkView(linkToken, language);
  return (
    <PageFrame language={language} route={{ page: 'request-confirm', token: linkToken }}>
      <RequestConfirmationPage view={view} token={linkToken} language={language} />
    </PageFrame>
  );
}
