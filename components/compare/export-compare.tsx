'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { withIslandIntl } from '@/components/islands/with-island-intl';
import { parseCompareIds, type CompareRequest } from '@/lib/pages/compare-ids';
import { compareIdsParam } from '@/lib/pages/compare-query';
import { compareColumnUrl, isCompareColumn, type CompareColumn } from '@/lib/favourites/compare-rows';
import { CompareView, thumbnailClass } from './compare-view';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; request: CompareRequest; columns: CompareColumn[]; unknown: number[] };

/** A listing's column from the export's files; undefined for an ID the export holds no listing for. */
async function fetchColumn(language: string, id: number): Promise<CompareColumn | undefined> {
  const response = await fetch(compareColumnUrl(language, id, true));
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`comparison column ${id}: ${response.status}`);
  const column: unknown = await response.json();
  if (!isCompareColumn(column)) throw new Error(`comparison column ${id}: not a column`);
  return column;
}

/**
 * The comparison on the static export, which has no server to read ?ids=: the same URL, the same
 * reading of it (parseCompareIds) and the same table (CompareView over the figures the server
 * computed, saved per listing at export time), drawn in the browser.
 */
function ExportCompareView({ language, officeTown, favouritesHref }: { language: string; officeTown: string; favouritesHref: string }) {
  const t = useTranslations('compare');
  const price = useTranslations('property');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    const request = parseCompareIds(new URLSearchParams(window.location.search).get(compareIdsParam));
    Promise.all(request.ids.map(async (id) => ({ id, column: await fetchColumn(language, id) })))
      .then((found) => {
        if (!current) return;
        const columns = found.flatMap(({ column }) => (column ? [column] : []));
        const unknown = found.flatMap(({ id, column }) => (column ? [] : [id]));
        setLoad({ kind: 'ready', request, columns, unknown });
      })
      .catch(() => current && setLoad({ kind: 'failed' }));
    return () => {
      current = false;
    };
  }, [language]);
  if (load.kind === 'loading') return <p role="status">{t('loading')}</p>;
  if (load.kind === 'failed') return <p role="alert">{t('loadFailed')}</p>;
  return (
    <CompareView
      columns={load.columns}
      problems={{ unknown: load.unknown, invalid: load.request.invalid, beyondLimit: load.request.beyondLimit }}
      t={(key, values) => t(key, values)}
      priceWords={(word, values) => price(word, values)}
      officeTown={officeTown}
      favouritesHref={favouritesHref}
      thumbnail={({ thumbnail }) =>
        thumbnail ? <img src={thumbnail.src} width={thumbnail.width} height={thumbnail.height} alt="" loading="lazy" decoding="async" className={thumbnailClass} /> : null
      }
    />
  );
}

export const ExportCompare = withIslandIntl(ExportCompareView);
