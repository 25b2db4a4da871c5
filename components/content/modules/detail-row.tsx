import type { ReactNode } from 'react';

/** One name–value pair of a <dl> (a phone number, an address); the div lets the list style each pair as a block. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
