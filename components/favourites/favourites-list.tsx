'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { compareHref, compareLimit } from '@/lib/pages/compare-query';
import { isSavedListingsIndex, savedListings, type SavedListing, type SavedListingsIndex } from '@/lib/favourites/saved-listings';
import { favouriteChanged, syncFavourites } from '@/lib/favourites/account-sync-lazy';
import { favouritesSnapshot, removeFavourite, serverFavourites, subscribeFavourites } from '@/lib/favourites/storage';
import { HeartIcon } from './heart-icon';
import styles from './favourites.module.css';
import type { FavouritesTexts } from './favourites-texts';

/** A text of favourites-texts.ts with its `{name}` places filled in. */
const fillText = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (place, name: string) => String(values[name] ?? place));

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; index: SavedListingsIndex };

/** The listings' rows, fetched once (a static file) when there is something to show. */
function useSavedListingsIndex(dataUrl: string, wanted: boolean): Load {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    if (!wanted || load.kind !== 'loading') return;
    let current = true;
    fetch(dataUrl)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((index: unknown) => {
        if (!isSavedListingsIndex(index)) throw new Error('not the favourites index');
        if (current) setLoad({ kind: 'ready', index });
      })
      .catch(() => current && setLoad({ kind: 'failed' }));
    return () => {
      current = false;
    };
  }, [dataUrl, wanted, load.kind]);
  return load;
}

function SavedCard({
  listing,
  chosen,
  canChoose,
  full,
  onChoose,
  texts,
}: {
  listing: SavedListing;
  chosen: boolean;
  canChoose: boolean;
  full: boolean;
  onChoose: (chosen: boolean) => void;
  texts: FavouritesTexts;
}) {
  const title = `${listing.type} – ${listing.town}`;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {listing.picture ? <img src={listing.picture} alt="" loading="lazy" decoding="async" /> : <p className={styles.noPhoto}>{texts.noPhoto}</p>}
        {listing.state !== 'on-offer' ? <span className={styles.ribbon}>{listing.state === 'under-option' ? listing.optionRibbon || texts.underOption : texts[listing.state]}</span> : null}
      </div>
      <div className={styles.body}>
        <h2 className={styles.title}>
          <a href={listing.href} className={styles.link}>
            {listing.type}
          </a>
        </h2>
        <p className={styles.line}>{listing.town}</p>
        <p className={styles.price}>{listing.price}</p>
        <div className={styles.actions}>
          {canChoose ? (
            <label className={styles.choose}>
              <input
                type="checkbox"
                checked={chosen}
                disabled={full && !chosen}
                aria-describedby="compare-hint"
                onChange={(event) => onChoose(event.target.checked)}
                aria-label={fillText(texts.chooseListing, { title })}
              />
              <span aria-hidden="true">{texts.choose}</span>
            </label>
          ) : null}
          <RemoveButton id={listing.id} label={fillText(texts.removeListing, { title })} text={texts.remove} />
        </div>
      </div>
    </article>
  );
}

function RemoveButton({ id, label, text }: { id: number; label: string; text: string }) {
  return (
    <button
      type="button"
      className={styles.remove}
      aria-label={label}
      onClick={() => {
        removeFavourite(id);
        favouriteChanged(id, false);
      }}
    >
      <HeartIcon filled small />
      <span aria-hidden="true">{text}</span>
    </button>
  );
}

/**
 * The saved listings as cards, built in the browser from the catalogue's rows (nothing about
 * them is sent anywhere), with a choice of up to four to compare. `compareBase` is the
 * comparison's path, or undefined where this deployment has no server to draw it.
 */
export function FavouritesList({ dataUrl, compareBase, texts }: { dataUrl: string; compareBase: string | undefined; texts: FavouritesTexts }) {
  const hydrated = useHydrated();
  const ids = useSyncExternalStore(subscribeFavourites, favouritesSnapshot, serverFavourites);
  const load = useSavedListingsIndex(dataUrl, hydrated && ids.length > 0);
  const [chosen, setChosen] = useState<number[]>([]);
  // Reached without a new page (after signing in, say): the account's listings join here too.
  useEffect(() => syncFavourites(), []);
  if (!hydrated) return null;
  if (ids.length === 0) return <p className={styles.notice}>{texts.empty}</p>;
  if (load.kind === 'loading') return <p role="status">{texts.loading}</p>;
  if (load.kind === 'failed') return <p role="alert">{texts.loadFailed}</p>;
  const entries = savedListings(load.index, ids);
  const picked = chosen.filter((id) => ids.includes(id));
  const choose = (id: number, on: boolean) => setChosen((current) => (on ? [...current.filter((other) => other !== id), id].slice(0, compareLimit) : current.filter((other) => other !== id)));
  return (
    <>
      {compareBase !== undefined ? (
        <div className={styles.compareBar}>
          <p id="compare-hint">{texts.compareHint}</p>
          {picked.length >= 2 ? (
            <a className={styles.compareLink} href={compareHref(compareBase, picked)}>
              {fillText(texts.compareButton, { count: picked.length, limit: compareLimit })}
            </a>
          ) : null}
        </div>
      ) : null}
      <ul className={styles.cards}>
        {entries.map(({ id, listing }) => (
          <li key={id}>
            {listing ? (
              <SavedCard listing={listing} chosen={picked.includes(id)} canChoose={compareBase !== undefined} full={picked.length >= compareLimit} onChoose={(on) => choose(id, on)} texts={texts} />
            ) : (
              <article className={styles.gone}>
                <p>{fillText(texts.gone, { id })}</p>
                <RemoveButton id={id} label={fillText(texts.removeListing, { title: String(id) })} text={texts.remove} />
              </article>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
