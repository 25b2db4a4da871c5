import type { Language } from '../config/schemas';
import { allMessages, referenceMessages } from './messages';

type Messages = typeof referenceMessages;
type Namespace = keyof Messages;

/** The keys of a namespace whose message is a text (the portal's nested groups are not). */
export type TextKey<N extends Namespace> = { [K in keyof Messages[N]]: Messages[N][K] extends string ? K : never }[keyof Messages[N]] & string;

/** The texts `islandTexts` gives for the keys `K`, by key. */
export type IslandTexts<K extends string> = { [P in K]: string };

/** "namespace.key" → message, every text of a language; built on first use. */
const textsByLanguage = new Map<Language, ReadonlyMap<string, string>>();

function collect(prefix: string, value: unknown, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null) for (const [key, child] of Object.entries(value)) collect(prefix ? `${prefix}.${key}` : key, child, into);
}

function textsOf(language: Language): ReadonlyMap<string, string> {
  const kept = textsByLanguage.get(language);
  if (kept) return kept;
  const texts = new Map<string, string>();
  collect('', allMessages[language], texts);
  textsByLanguage.set(language, texts);
  return texts;
}

function isComplete<K extends string>(texts: Partial<IslandTexts<K>>, keys: readonly K[]): texts is IslandTexts<K> {
  return keys.every((key) => typeof texts[key] === 'string');
}

/**
 * The messages of `keys` in `namespace` as written in messages/{language}.json, for a client
 * island that ships no message formatter: the server hands it these texts. A placeholder stays as
 * `{name}` for the island to fill in (fillText); a text that needs a plural, a select or ICU
 * quoting is formatted with the server's `t()` instead (tests/unit/island-texts.test.ts holds
 * every text given here to what `t()` gives with its placeholders kept).
 */
export function islandTexts<N extends Namespace, const K extends readonly TextKey<N>[]>(language: Language, namespace: N, keys: K): IslandTexts<K[number]> {
  const messages = textsOf(language);
  const texts: Partial<IslandTexts<K[number]>> = {};
  for (const key of keys) texts[key] = messages.get(`${namespace}.${key}`);
  // Unreachable while the message-parity test holds every language to the English keys.
  if (!isComplete(texts, keys)) throw new Error(`messages/${language}.json lacks a text of ${namespace}: ${keys.join(', ')}`);
  return texts;
}
