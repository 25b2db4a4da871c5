import { createTranslator } from 'next-intl';
import type { Language } from '../config/schemas';
import { allMessages, referenceMessages } from './messages';

type Messages = typeof referenceMessages;
type Namespace = keyof Messages;

/** The keys of a namespace whose message is a text (the portal's nested groups are not). */
export type TextKey<N extends Namespace> = { [K in keyof Messages[N]]: Messages[N][K] extends string ? K : never }[keyof Messages[N]] & string;

/** The texts `islandTexts` gives for the keys `K`, by key. */
export type IslandTexts<K extends string> = { [P in K]: string };

/** Every namespace's texts, nested groups left out: what a namespace's translator takes. */
type TextMessages = { [N in Namespace]: { [K in TextKey<N>]: string } };

type Translate = (key: string, values: Record<string, string>) => string;
const translators = new Map<string, Translate>();

/**
 * next-intl's translator over one namespace's texts, typed with plain string keys so that a key of
 * a generic namespace needs no cast. Through next-intl rather than a look-up in the messages: the
 * build precompiles them (next.config.ts, `precompile`), and a message with a placeholder is then
 * no string but its syntax tree. A missing key or placeholder fails the render instead of showing
 * next-intl's fallback.
 */
function translatorOf(language: Language, namespace: Namespace): Translate {
  const kept = translators.get(`${language}/${namespace}`);
  if (kept) return kept;
  const messages: Messages = allMessages[language];
  const texts: TextMessages = messages;
  const group: Record<string, string> = texts[namespace];
  const t = createTranslator({
    locale: language,
    messages: group,
    onError(error) {
      throw error;
    },
  });
  const translate: Translate = (key, values) => t(key, values);
  translators.set(`${language}/${namespace}`, translate);
  return translate;
}

function isComplete<K extends string>(texts: Partial<IslandTexts<K>>, keys: readonly K[]): texts is IslandTexts<K> {
  return keys.every((key) => typeof texts[key] === 'string');
}

/**
 * The texts of `keys` in `namespace`, formatted on the server for a client island that ships no
 * message formatter. A placeholder only the browser can fill (fillText) is named in `kept` and
 * stays as `{name}` in the text; a key outside the namespace's texts does not compile.
 */
export function islandTexts<N extends Namespace, const K extends readonly TextKey<N>[]>(
  language: Language,
  namespace: N,
  keys: K,
  kept: { readonly [P in K[number]]?: readonly string[] } = {},
): IslandTexts<K[number]> {
  const translate = translatorOf(language, namespace);
  const texts: Partial<IslandTexts<K[number]>> = {};
  for (const key of keys) texts[key] = translate(key, Object.fromEntries((kept[key] ?? []).map((name) => [name, `{${name}}`])));
  // Always true (each text is t()'s string): the check types the object built key by key.
  if (!isComplete(texts, keys)) throw new Error(`${namespace}: no text for one of ${keys.join(', ')} in ${language}`);
  return texts;
}

/** One text of `namespace` formatted on the server with the values given, for an island to show as it is. */
export function islandText<N extends Namespace>(language: Language, namespace: N, key: TextKey<N>, values: Record<string, string> = {}): string {
  return translatorOf(language, namespace)(key, values);
}
