'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/*
 * A toggle button and the panel it opens: the overflow menu and the mobile menu. Escape and a
 * click outside close it; focus returns to the button.
 */
export function MenuDisclosure({
  label,
  closeLabel,
  className,
  buttonClassName,
  panelClassName,
  icon,
  children,
}: {
  label: string;
  closeLabel: string;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className={className}>
      <button ref={button} type="button" className={buttonClassName} aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {icon}
        <span>{open ? closeLabel : label}</span>
      </button>
      <div id={id} className={panelClassName} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
