import type { CSSProperties } from 'react';

// React's CSSProperties has no custom properties; the cast is the one place they are typed.
const customProperties = (values: Record<`--${string}`, number>) => values as CSSProperties;

/** The columns a grid item spans on a phone, a tablet and a desktop (site.json col), for grid.module.css .span. */
export function columnSpans(col: { sm: number; md: number; lg: number }): CSSProperties {
  return customProperties({ '--col-sm': col.sm, '--col-md': col.md, '--col-lg': col.lg });
}

/** Cards a row on a desktop (a module's perRow), two at most on a tablet, for grid.module.css .cards. */
export function perRowStyle(perRow: number): CSSProperties {
  return customProperties({ '--per-row': perRow, '--per-row-md': Math.min(perRow, 2) });
}
