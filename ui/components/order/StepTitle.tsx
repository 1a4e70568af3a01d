// A booking step's heading: its number in a round badge (decoration: the order of the sections
// already says it, so screen readers hear only the title) and the title, which the step's
// <section aria-labelledby> names itself by.
import type { ReactNode } from 'react';

export function StepTitle({ id, number, children }: { id: string; number: number; children: ReactNode }) {
  return (
    <h2 id={id} className="step__title">
      <span className="step__number" aria-hidden="true">
        {number}
      </span>{' '}
      {children}
    </h2>
  );
}
