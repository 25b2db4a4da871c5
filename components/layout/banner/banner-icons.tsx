/** The control icons: decorative, the buttons carry their names. */
export function PlayPauseIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={playing ? 'M6 4h3v12H6zM11 4h3v12h-3z' : 'M6 4v12l10-6z'} fill="currentColor" />
    </svg>
  );
}

export function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={direction === 'previous' ? 'M12.5 4 6.5 10l6 6' : 'm7.5 4 6 6-6 6'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
