import type { Metadata } from 'next';
import { AlertLinkPage, CrmLinkPage } from '@/components/alerts/alert-link-page';
import { PageFrame } from '@/components/layout/page-frame';
import { crmLinkState } from '@/lib/alerts/crm-link';
import { alertLinkAccountOffer, alertLinkStates, alertLinkSubject } from '@/lib/alerts/link-routes';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';

/*
 * The page of an alert mail's links (confirm, unsubscribe), rendered per request (it reads the
 * link's token). Reached only through the proxy's rewrite of /{lang}/{alerts}/?action=...&token=...
 */

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang } = await params;
  return routeMetadata(requireLanguage(lang), { page: 'alert-link' });
}

export default async function AlertLink({ params, searchParams }: Props) {
  const { lang } = await params;
  const language = requireLanguage(lang);
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : undefined;
  if (query.action === 'crm-unsubscribe') {
    const person = typeof query.person === 'string' ? query.person : undefined;
    const demand = typeof query.demand === 'string' ? query.demand : undefined;
    const done = query.done === '1';
    // Back from the button: honoured, whatever the CRM says before the outbox told it.
    const state = done ? 'unsubscribed' : await crmLinkState(person, demand);
    return (
      <PageFrame language={language} route={{ page: 'alert-link', action: 'crm-unsubscribe', person, demand, done }}>
        <CrmLinkPage state={state} person={person} demand={demand} language={language} />
      </PageFrame>
    );
  }
  const action = query.action === 'unsubscribe' ? 'unsubscribe' : query.action === 'confirm' ? 'confirm' : undefined;
  const account = query.account === 'sent' ? 'sent' : undefined;
  const [state, subject, offer] = await Promise.all([alertLinkStates(action, token), alertLinkSubject(action, token, language), alertLinkAccountOffer(action, token)]);
  return (
    <PageFrame language={language} route={{ page: 'alert-link', action, token, account }}>
      <AlertLinkPage action={action} state={state} subject={subject} token={token} language={language} account={account === 'sent' ? 'sent' : offer ? 'offer' : undefined} />
    </PageFrame>
  );
}
