import styles from './tile-consent.module.css';

/**
 * Asks before a map fetches tiles from another host (the site's tile settings say when): the
 * button loads them, the notice names the host. Shared by the home map and the list map.
 */
export function TileConsent({ button, notice, onAccept }: { button: string; notice: string; onAccept: () => void }) {
  return (
    <div className={styles.consent}>
      <button type="button" onClick={onAccept}>
        {button}
      </button>
      <p>{notice}</p>
    </div>
  );
}
