import type { ReactNode } from 'react';
import { moduleListingLimit } from '@/lib/catalogue';
import type { Language, Module } from '@/lib/config';
import type { HeadingLevel } from './heading';

/**
 * What a module shows. `framed` content (text, links) gets a plain panel on a coloured or picture
 * background; cards and accordion items bring their own.
 */
type ModuleContent = { body: ReactNode; framed: boolean };

/**
 * A module's view: what it shows for its configuration, its items' heading level given by the
 * section around it; undefined when it has nothing to show (the section is then left out).
 */
export type ModuleView = (module: Module, language: Language, level: HeadingLevel) => ModuleContent | undefined;

/** Spec §9: modules show at most 4 items, whatever a hand-edited maxItems says (a listing module's bound is the build's too). */
export function limitOf(module: Module): number {
  return Math.min(module.maxItems, moduleListingLimit);
}
