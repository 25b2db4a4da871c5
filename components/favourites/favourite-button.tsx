'use client';

import { useSyncExternalStore } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { favouriteChanged } from '@/lib/favourites/account-sync-lazy';
import { favouritesSnapshot, serverFavourites, subscribeFavourites, toggleFavourite } from '@/lib/favourites/storage';
import { HeartIcon } from './heart-icon';
import styles from './favourite-button.module.css';

type FavouriteButtonProps = {
  id: number;
  /** The button's name: "Save House – Mons" on a card, "Save" on a listing's page. */
  label: string;
  /** The name written beside the heart (a listing's page); a card shows the heart alone. */
  showLabel?: boolean;
};

/**
 * The heart that keeps a listing in this browser (lib/favourites/storage), a toggle button
 * (aria-pressed). One small module shared by every card of a page. It stays invisible until its
 * script runs, since without JavaScript it could do nothing; it keeps its place, so nothing moves.
 */
export function FavouriteButton({ id, label, showLabel = false }: FavouriteButtonProps) {
  const kept = useSyncExternalStore(subscribeFavourites, favouritesSnapshot, serverFavourites).includes(id);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={showLabel ? styles.withText : styles.overlay}
      aria-pressed={kept}
      data-ready={hydrated ? '' : undefined}
      data-favourite={id}
      onClick={() => favouriteChanged(id, toggleFavourite(id))}
    >
      <HeartIcon filled={kept} />
      {/* Named by its text, not aria-label: "Enregistrer Maison 4 chambres" must never pass for the label of the list's "Chambres" field. */}
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </button>
  );
}
