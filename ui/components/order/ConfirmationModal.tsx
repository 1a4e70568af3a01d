// The confirmation after submitting (SPEC 2, 3): order number, date, time, customer, type and
// prices; 'Väntar på Bekräftelse' online, the saved-offline text offline. In the shared Dialog,
// with the heading focused first so a screen reader reads the outcome.
import { Dialog, closeDialogOf } from '../Dialog.js';
import { MY_BOOKING_PAGE, calendarFileUrl, myBookingUrl } from '../../lib/bookingLinks.js';
import { orderTexts } from './texts.js';
import { confirmationTexts } from './confirmationTexts.js';
import { ReadyNoticeOptIn } from './ReadyNoticeOptIn.js';
import { formatDateLong, formatKr } from '../../lib/format.js';
import { KIOSK, customerTexts } from '../../lib/texts.js';
import { LineAllergens, type ItemLine } from '../ItemsTable.js';

/** SPEC 3 'confirmation summary': the booking's fields plus what the modal derives. */
export interface ConfirmationSummary {
  orderNumber: string;
  date: string;
  time: string;
  name: string;
  email: string;
  phone: string | null;
  hasPhone: boolean;
  dine_in: boolean;
  originalCost: number;
  discount: number;
  totalCost: number;
  isOffline: boolean;
  /** The pizzas ordered, each with its allergens as the menu declared them. */
  pizzas?: readonly ItemLine[];
}

export function ConfirmationModal(props: { summary: ConfirmationSummary; onClose: () => void }) {
  const { summary: s, onClose } = props;
  const icon = (
    <p className="modal__icon" aria-hidden="true">
      <img src="/favicon.svg" alt="" width="56" height="56" />
    </p>
  );
  return (
    <Dialog
      title={s.isOffline ? confirmationTexts.savedOfflineTitle : confirmationTexts.thanks}
      titleId="confirmation-title"
      icon={icon}
      focusTitle
      onClose={onClose}
    >
      {s.isOffline ? (
        <p className="notice">{confirmationTexts.savedOfflineText}</p>
      ) : (
        <div className="status-box" role="status">
          <strong>{customerTexts.awaitingConfirmation}</strong>
          <p>
            {confirmationTexts.notValidBefore}
            <strong>{confirmationTexts.notValid}</strong>
            {confirmationTexts.untilConfirmed}
            <strong>{s.email}</strong>.
          </p>
        </div>
      )}
      <dl className="details">
        <dt>{confirmationTexts.orderNumber}</dt>
        <dd>{s.orderNumber}</dd>
        <dt>{confirmationTexts.date}</dt>
        <dd>{formatDateLong(s.date)}</dd>
        <dt>{confirmationTexts.time}</dt>
        <dd>{s.time}</dd>
        <dt>{orderTexts.name}</dt>
        <dd>{s.name}</dd>
        <dt>{orderTexts.email}</dt>
        <dd>{s.email}</dd>
        {s.hasPhone && (
          <>
            <dt>{confirmationTexts.phone}</dt>
            <dd>{s.phone}</dd>
          </>
        )}
        <dt>{confirmationTexts.type}</dt>
        <dd>{s.dine_in ? confirmationTexts.dineIn : confirmationTexts.takeAway}</dd>
        {s.pizzas && s.pizzas.length > 0 && (
          <>
            <dt>{confirmationTexts.pizzas}</dt>
            <dd>
              <ul className="confirmation-pizzas">
                {s.pizzas.map((line, i) => (
                  <li key={i}>
                    {confirmationTexts.line(line.qty, line.pizza_name)}
                    {line.allergens !== undefined && <LineAllergens allergens={line.allergens} />}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>{confirmationTexts.originalPrice}</dt>
        <dd>{formatKr(s.originalCost)}</dd>
        <dt>{confirmationTexts.discount}</dt>
        <dd>{s.discount > 0 ? confirmationTexts.discountAmount(formatKr(s.discount)) : formatKr(0)}</dd>
        <dt>{orderTexts.total}</dt>
        <dd className="details__total">{formatKr(s.totalCost)}</dd>
      </dl>
      {/* Offline the booking has no number yet: the ready notice needs one (the mail still comes). */}
      {!s.isOffline && <ReadyNoticeOptIn bookingId={s.orderNumber} email={s.email} />}
      <div className="modal__links">
        {/* SPEC 2: the manage-booking link online and offline; offline the booking has no number
            yet (the mail brings it), and there is no calendar file to offer. */}
        <a className="btn btn--secondary" href={s.isOffline ? MY_BOOKING_PAGE : myBookingUrl(s.orderNumber, s.email)}>
          {confirmationTexts.manage}
        </a>
        {!s.isOffline && (
          <a className="btn btn--secondary" href={calendarFileUrl(s.orderNumber, s.email)} download>
            {confirmationTexts.addToCalendar}
          </a>
        )}
        <a className="btn btn--ghost" href={KIOSK.socialUrl} rel="noopener" target="_blank">
          {KIOSK.socialLabel}
        </a>
      </div>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={(event) => closeDialogOf(event.currentTarget)}
      >
        {confirmationTexts.closeAndNew}
      </button>
    </Dialog>
  );
}
