// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type React from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmLinkPage } from '@/components/alerts/alert-link-page';
import { PortalHome, PortalListing } from '@/components/owner/portal-pages';
import { getOwners, getProperty } from '@/lib/catalogue';
import type { ListingReport } from '@/lib/stats/portal-report';

/*
 * What a visitor reads on the pages issue 38 items 4 and 5 add to: the owner portal's note when the
 * agency's agenda does not answer and its viewings per month from the CRM; the page of the CRM
 * mail's unsubscribe link in each of its states. The real messages of each language (intl-mock).
 */
vi.mock('next-intl/server', () => import('./intl-mock'));
vi.mock('@/lib/auth/actions', () => ({ logoutAction: () => undefined }));

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/**
 * The portal's pages hold async parts (the owner's bar), which only a server renders: rendered to
 * HTML as the server does (React's static prerender waits for them), then put in the document.
 */
async function renderServer(element: React.ReactElement): Promise<void> {
  const { prelude } = await prerender(element);
  document.body.innerHTML = await new Response(prelude).text();
}

const owner = getOwners()[0]!;
const property = getProperty(owner.PropertyIDs[0]!, 'fr')!;
const report = (fields: Partial<ListingReport>): ListingReport => ({
  property,
  visits: { today: 0, week: 0, month: 0, total: 0, last30: [] },
  calendar: [],
  communications: [],
  onlineMedia: [],
  sources: [],
  manager: undefined,
  matchingSearches: 0,
  viewingsByMonth: undefined,
  source: 'snapshot',
  ...fields,
});

describe('the owner portal', () => {
  it.each([
    ['nl', 'De agenda van het kantoor is nu niet bereikbaar'],
    ['fr', "L'agenda de l'agence est momentanément indisponible\u00a0:"],
    ['en', "The agency's agenda is unavailable right now"],
    ['de', 'Der Kalender des Büros ist gerade nicht erreichbar'],
  ] as const)('says in %s that the agenda is unavailable, on both pages', async (language, text) => {
    await renderServer(await PortalHome({ owner, listings: [{ property, totalVisits: 3 }], source: 'unavailable', language }));
    expect(screen.getByRole('status').textContent).toContain(text);
    await renderServer(await PortalListing({ owner, report: report({ source: 'unavailable' }), language }));
    expect(screen.getByRole('status').textContent).toContain(text);
  });

  it('says nothing of the agenda when it answered or none is configured', async () => {
    await renderServer(await PortalHome({ owner, listings: [{ property, totalVisits: 3 }], source: 'crm', language: 'fr' }));
    expect(screen.queryByRole('status')).toBeNull();
    await renderServer(await PortalListing({ owner, report: report({ source: 'snapshot' }), language: 'fr' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Visites par mois/ })).toBeNull();
  });

  it("shows the CRM's viewings per month", async () => {
    await renderServer(await PortalListing({ owner, report: report({ source: 'crm', viewingsByMonth: [{ month: '2026-11', count: 2 }] }), language: 'fr' }));
    const table = screen.getByRole('heading', { name: "Visites par mois (agenda de l'agence)" }).closest('section');
    expect(table?.textContent).toContain('11-2026');
    expect(table?.textContent).toContain('2');
  });
});

describe("the page of the CRM mail's unsubscribe link", () => {
  it('offers a button that posts the ids, without JavaScript', async () => {
    render(await CrmLinkPage({ state: 'subscribed', person: 'cA==', demand: 'ZA==', language: 'fr' }));
    const button = screen.getByRole('button', { name: 'Me désabonner' });
    const form = button.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/alerts/crm-unsubscribe/');
    expect(Object.fromEntries(new FormData(form!))).toEqual({ person: 'cA==', demand: 'ZA==', lang: 'fr' });
  });

  it.each([
    ['unknown', 'en', 'This link does not work', 'Nothing was changed.'],
    ['unknown', 'nl', 'Deze link werkt niet', 'Er is niets gewijzigd.'],
    ['unavailable', 'fr', 'Un instant', "Rien n'a été modifié\u00a0:"],
    ['unavailable', 'de', 'Einen Moment', 'Es wurde nichts geändert'],
    ['unsubscribed', 'en', 'You are unsubscribed', 'You will receive no more e-mails for this alert'],
  ] as const)('says when it is %s, in %s, with no button', async (state, language, title, text) => {
    render(await CrmLinkPage({ state, person: 'cA==', demand: 'ZA==', language }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(document.body.textContent).toContain(text);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
