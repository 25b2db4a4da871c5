import type { MenuEntry } from './schemas';

/*
 * Walks over menu parents. The data check refuses a parent loop (./checks), but every walk stops on
 * its own too: a loop reached with unchecked data must never hang a page render or the build.
 */

/** A menu tree is a few levels deep; far more means the data is broken, whatever it is. */
const maxDepth = 32;

/** The ancestors of an entry, nearest first; stops at an unknown parent, at a loop and at maxDepth. */
export function menuAncestors(entry: MenuEntry, lookup: (id: string) => MenuEntry | undefined): MenuEntry[] {
  const seen = new Set<string>([entry.id]);
  const ancestors: MenuEntry[] = [];
  for (let id = entry.parentId; id !== null && !seen.has(id) && ancestors.length < maxDepth;) {
    const parent = lookup(id);
    if (!parent) break;
    seen.add(id);
    ancestors.push(parent);
    id = parent.parentId;
  }
  return ancestors;
}

/** Every loop of parentId links, each once, as the ids in the order the links go (a → b → a is ["a", "b"]). */
export function menuParentLoops(menu: readonly Pick<MenuEntry, 'id' | 'parentId'>[]): string[][] {
  const parentOf = new Map(menu.map((entry) => [entry.id, entry.parentId]));
  const loops: string[][] = [];
  const settled = new Set<string>();
  for (const start of parentOf.keys()) {
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let id: string | null | undefined = start;
    while (id !== null && id !== undefined && !settled.has(id)) {
      const at = onPath.get(id);
      if (at !== undefined) {
        loops.push(path.slice(at));
        break;
      }
      onPath.set(id, path.length);
      path.push(id);
      id = parentOf.get(id);
    }
    for (const visited of path) settled.add(visited);
  }
  return loops;
}
