'use client';

import { useRef, useState, type ComponentProps } from 'react';
import { useNearScreen } from '@/components/ui/use-near-screen';
import styles from './purchase-costs.module.css';

type Calculator = typeof import('./purchase-costs-calculator');

/*
 * The calculator's code (with next-intl's formatter, which its figures need) is not among a
 * listing's first scripts: the server renders the calculator with its default figures as usual, and
 * the browser leaves that HTML in place (React does not touch the inside of an element with inner
 * HTML) until the calculator comes near the screen or the visitor reaches into it; then it fetches
 * the code and React draws the calculator in its place, the same figures with working controls.
 * The same way as the request forms (components/forms/lazy-form.tsx), for the same reason: a
 * Suspense boundary would send the server's HTML at the end of the page, moved in by a script.
 */
let calculator: Promise<Calculator> | undefined;
const loadCalculator = () => (calculator ??= import('./purchase-costs-calculator'));
let loadedCalculator: Calculator | undefined;

// `typeof window` is a constant to the bundler, which leaves this require out of the browser's code.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const serverCalculator: Calculator | undefined = typeof window === 'undefined' ? require('./purchase-costs-calculator') : undefined;

export function DeferredPurchaseCostsCalculator(props: ComponentProps<Calculator['PurchaseCostsCalculator']>) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(serverCalculator ?? loadedCalculator);
  useNearScreen(wrapper, loaded !== undefined, (_element, gone) => {
    void loadCalculator().then((module) => {
      loadedCalculator = module;
      if (!gone()) setLoaded(module);
    });
  });
  // The keys make React replace the wrapper, server markup and all, once the code is there.
  if (!loaded) return <div key="server" ref={wrapper} className={styles.island} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  return (
    <div key="browser" ref={wrapper} className={styles.island}>
      <loaded.PurchaseCostsCalculator {...props} />
    </div>
  );
}
