import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { PageFrame } from '@/components/layout/page-frame';
import { PortalHome, PortalListing } from '@/components/owner/portal-pages';
import { currentOwner } from '@/lib/auth/session';
import { href } from '@/lib/pages';
import { requireLanguage } from '@/lib/i18n';
import { routeMetadata } from '@/lib/pages/metadata';
import { listingReport, ownerListings } from '@/lib/stats/portal-report';

/*
 * The owner portal, rendered per request behind the owner's session. Reached only through the
 * proxy's rewrite of /{lang}/{my-properties}/ and /{lang}/{my-properties}/{id}/.
 */

type Props = { params: Promise<{ lang: string; id?: string[] }> };

export const dynamic = 'force-dynamic';

function listingId(segments: string[] | undefined): number | undefined | 'invalid' {
  if (!segments || segments.length === 0) return undefined;
  const id = Number(segments[0]);
  return segments.length === 1 && Number.isInteger(id) && id > 0 ? id : 'invalid';
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, id } = await params;
  const language = requireLanguage(lang);
  const listing = listingId(id);
  return routeMetadata(language, typeof listing === 'number' ? { page: 'portal-listing', id: listing } : { page: 'portal' });
}

export default async function OwnerPortal({ params }: Props) {
  const { lang, id } = await params;
  const language = requireLanguage(lang);
  const listing = listingId(id);
  if (listing === 'invalid') notFound();
  const owner = await currentOwner();
  if (!owner) redirect(href({ page: 'login' }, language));
  if (listing === undefined) {
    return (
      <PageFrame language={language} route={{ page: 'portal' }}>
        <PortalHome owner={owner} {...await ownerListings(owner, language)} language={language} />
      </PageFrame>
    );
  }
  const report = await listingReport(owner, listing, language);
  if (!report) notFound();
  return (
    <PageFrame language={language} route={{ page: 'portal-listing', id: listing }}>
      <PortalListing owner={owner} report={report} language={language} />
    </PageFrame>
  );
}
