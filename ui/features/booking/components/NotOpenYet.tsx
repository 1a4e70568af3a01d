// rule: go-live. A new kiosk that has not done its checklist takes no web orders: the booking page
// says so instead of the order form (the server refuses an order sent anyway, with the same words).
// customerMsg, not msg: every message the server sends would come with it (4.3 KB gzipped).
import { customerMsg } from '../../../../domain/customerMessages.js';
import { bookingPageTexts } from '../texts.js';

export function NotOpenYet({ name }: { name: string }) {
  return (
    <section className="not-open-yet" aria-labelledby="not-open-yet-title">
      <h1 id="not-open-yet-title">{bookingPageTexts.notOpenYetTitle(name)}</h1>
      <div className="notice not-open-yet__notice" role="status">
        <p className="not-open-yet__message">{customerMsg.webOrdersNotOpenYet}</p>
        <p>{bookingPageTexts.notOpenYetHint}</p>
      </div>
    </section>
  );
}
