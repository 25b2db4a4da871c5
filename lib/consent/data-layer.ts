/*
 * The tags' command queue (window.dataLayer), which the consent island fills before any tag
 * loads: Consent Mode's default and update, the page view. @next/third-parties' sendGTMEvent
 * does the same push, but importing it brings its whole Google module into every page.
 * (window.dataLayer is declared by @next/third-parties' types.)
 */

/** An event for the tag manager (what sendGTMEvent pushes). */
export function dataLayerPush(event: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** A gtag.js command: gtag.js and the tag manager only act on commands pushed as an Arguments object, not an array. */
export function gtag(..._command: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params -- see above: the rest array would not be taken as a command
  window.dataLayer.push(arguments);
}
