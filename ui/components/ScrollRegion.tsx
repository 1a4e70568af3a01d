// A wide table's scrolling box: a region named by the table's heading or caption, which a keyboard
// can focus and then scroll (axe: scrollable-region-focusable).
import type { ReactNode } from 'react';

export function ScrollRegion({
  className,
  labelledBy,
  children,
}: {
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the keyboard's focus to be scrolled (WCAG 2.1.1, axe scrollable-region-focusable); the rule allows tabIndex only on a tabpanel
    <div className={className} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
