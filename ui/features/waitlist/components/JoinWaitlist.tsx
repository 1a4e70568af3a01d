// On the booking page (rule: waitlist): when some of the day's times cannot take the order (full,
// or too little left), a short prompt under the slots offers the queue. Its dialog
// (JoinWaitlistDialog.tsx) asks for the time, name, e-mail and pizzas, and says what happens
// next. The dialog is portalled to <body>: the prompt sits inside the booking form, and forms
// cannot nest.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { SlotsFooterState } from '../../../components/order/slotsFooter.js';
import { toast } from '../../../lib/toast.js';
import { customerTexts } from '../../../lib/texts.js';
import { waitlistPromptTexts } from '../promptTexts.js';
import type { JoinWaitlistDialog } from './JoinWaitlistDialog.js';
// Its styles (../waitlist.css) come inline with the booking page's <head>.

/** The prompt is the booking page's slots footer (components/order/slotsFooter.ts). */
export type WaitlistPromptProps = SlotsFooterState;

/**
 * The dialog's code loads when the customer first asks for it (the prompt shows only online).
 * Size: with the confirmation loaded later too (BookingScreen.tsx) it took the booking page's
 * JavaScript from 110.2 to 107.8 KB gzipped.
 */
const loadDialog = () => import('./JoinWaitlistDialog.js').then((m) => m.JoinWaitlistDialog);

export function WaitlistPrompt(props: WaitlistPromptProps) {
  const [open, setOpen] = useState(false);
  const [JoinDialog, setJoinDialog] = useState<typeof JoinWaitlistDialog | null>(null);
  // Shown only when some times are full (LazyWaitlistPrompt.tsx decides, before this loads).
  const full = props.slots.filter((s) => !s.can_accommodate);
  const openDialog = () => {
    setOpen(true);
    if (!JoinDialog)
      loadDialog().then(
        (view) => setJoinDialog(() => view),
        () => {
          setOpen(false);
          toast.error(customerTexts.networkFailed, { duration: 4000 });
        },
      );
  };
  return (
    <div className="waitlist-prompt">
      <p>
        <strong>{waitlistPromptTexts.promptTitle}</strong> {waitlistPromptTexts.prompt}
      </p>
      <button type="button" className="btn btn--secondary" onClick={openDialog}>
        {waitlistPromptTexts.openJoin}
      </button>
      {open &&
        JoinDialog &&
        createPortal(<JoinDialog {...props} times={full} onClose={() => setOpen(false)} />, document.body)}
    </div>
  );
}
