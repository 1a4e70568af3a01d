// The waitlist's prompt under the booking page's slots (rule: waitlist), loaded when it first
// shows: only once a date is chosen, some of its times cannot take the order (full, or too little
// left), and the page is online, so most visits never need its code.
import { lazy, Suspense } from 'react';
import type { WaitlistPromptProps } from './JoinWaitlist.js';

const WaitlistPrompt = lazy(() => import('./JoinWaitlist.js').then((prompt) => ({ default: prompt.WaitlistPrompt })));

export function LazyWaitlistPrompt(props: WaitlistPromptProps) {
  const shown = Boolean(props.date) && props.online && props.slots.some((slot) => !slot.can_accommodate);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistPrompt {...props} />
    </Suspense>
  );
}
