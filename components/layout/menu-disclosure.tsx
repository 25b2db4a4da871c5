'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/*
 * The overflow menu and the mobile menu: a <details> element, so that the button opens its panel
 * before the page's scripts have run, and without them (on a slow phone the page shows seconds
 * before React has hydrated it; a button of React's did nothing until then). Once hydrated, Escape
 * and a press outside close it, focus returning to its button. A followed link loads a new page
 * (components/ui/site-link.tsx), where the menu starts closed.
 */
export function MenuDisclosure({
  label,
  className,
  buttonClassName,
  panelClassName,
  icon,
  children,
}: {
  label: string;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const root = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = root.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  return (
    <details ref={root} className={className}>
      <summary className={buttonClassName}>
        {icon}
        <span>{label}</span>
      </summary>
      <div className={panelClassName}>{children}</div>
    </details>
  );
}
