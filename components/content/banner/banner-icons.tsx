/** The previous and next icons: decorative, the buttons carry their names. */
export function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={direction === 'previous' ? 'M12.5 4 6.5 10l6 6' : 'm7.5 4 6 6-6 6'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
