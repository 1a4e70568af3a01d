// The confirmation after submitting (SPEC 2, 3): order number, date, time, customer, type and
// prices; 'Väntar på Bekräftelse' online, the saved-offline text offline. In the shared Dialog,
// with the heading focused first so a screen reader reads the outcome.
import { Dialog, closeDialogOf } from '../Dialog.js';
import { MY_BOOKING_PAGE, calendarFileUrl, myBookingUrl } from '../../lib/bookingLinks.js';
import { orderTexts } from './texts.js';
import { confirmationTexts } from './confirmationTexts.js';
import { ReadyNoticeOptIn } from './ReadyNoticeOptIn.js';
import { formatDateLong } from '../../lib/format.js';
import { KIOSK, customerTexts } from '../../lib/texts.js';
import { SaleRecord } from '../seller/SaleRecord.js';
import type { ConfirmationSummary } from './confirmationSummary.js';
import { SwishPayment } from './SwishPayment.js';

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
      {/* rule: swish-payment: asked to pay in advance, the payment comes first. */}
      {!s.isOffline && s.payment && <SwishPayment bookingId={s.orderNumber} email={s.email} payment={s.payment} />}
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
      </dl>
      {/* Original price, discount and total (SPEC 3) with the lines and the VAT: the record of the sale. */}
      <SaleRecord summary={s} />
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
