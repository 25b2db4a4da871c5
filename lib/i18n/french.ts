/*
 * French elides "de" before a vowel or a mute h: "la lettre d'information d'Immo Hainaut", never
 * "de Immo Hainaut". Whether an h is mute is a matter of the word (l'habitat, but le Hainaut), so a
 * name starting with an h elides only when the configuration says so (site.json siteInfo.frenchMuteH).
 */

const vowel = /^[aeiouyàâäéèêëîïôöùûüÿæœ]/i;

/** "de" and the name, elided where French elides it. */
export function frenchOf(name: string, muteH = false): string {
  const elides = vowel.test(name) || (muteH && /^h/i.test(name));
  return elides ? `d’${name}` : `de ${name}`;
}
