import type { ReactNode } from 'react';
import { definedProps } from '@/components/ui/defined-props';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** The level below `level`, so nested titles keep the page outline in order. */
export function childLevel(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel;
}

/** A heading whose level comes from the configuration (a module's titleSize) or its parent. */
export function Heading({ level, id, className, children }: { level: HeadingLevel; id?: string; className?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag {...definedProps({ id, className })}>{children}</Tag>;
}
