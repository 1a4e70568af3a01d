// The confirmation after submitting (SPEC 2, 3): order number, date, time, customer, type and
// prices; 'Väntar på Bekräftelse' online, the saved-offline text offline. A native modal
// <dialog>: focus moves into it and is trapped there; closing hands focus back to the page.
import { useEffect, useRef } from 'react';
import { formatDateLong, formatKr } from '../../../lib/format.js';
import { KIOSK, customerTexts } from '../../../lib/texts.js';

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
}

export function ConfirmationModal(props: { summary: ConfirmationSummary; onClose: () => void }) {
  const { summary: s, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);
  const manage = `/my-booking?id=${encodeURIComponent(s.orderNumber)}&email=${encodeURIComponent(s.email)}`;
  const calendar = `/api/bookings/${encodeURIComponent(s.orderNumber)}/calendar.ics?email=${encodeURIComponent(s.email)}`;

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="confirmation-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="modal__body">
        <p className="modal__icon" aria-hidden="true">
          <img src="/favicon.svg" alt="" width="56" height="56" />
        </p>
        <h2 id="confirmation-title" tabIndex={-1} autoFocus>
          {s.isOffline ? 'Bokningen sparad offline' : 'Tack för din beställning!'}
        </h2>
        {s.isOffline ? (
          <p className="notice">Din beställning är sparad på enheten och skickas automatiskt när du är online igen. Du får en bekräftelse via e-post när den har tagits emot.</p>
        ) : (
          <div className="status-box" role="status">
            <strong>{customerTexts.awaitingConfirmation}</strong>
            <p>
              Beställningen är <strong>inte giltig</strong> förrän personalen har bekräftat den. Bekräftelsen skickas till <strong>{s.email}</strong>.
            </p>
          </div>
        )}
        <dl className="details">
          <dt>Ordernummer</dt>
          <dd>{s.orderNumber}</dd>
          <dt>Datum</dt>
          <dd>{formatDateLong(s.date)}</dd>
          <dt>Tid</dt>
          <dd>{s.time}</dd>
          <dt>Namn</dt>
          <dd>{s.name}</dd>
          <dt>E-post</dt>
          <dd>{s.email}</dd>
          {s.hasPhone && (
            <>
              <dt>Telefon</dt>
              <dd>{s.phone}</dd>
            </>
          )}
          <dt>Typ</dt>
          <dd>{s.dine_in ? 'Äta på plats' : 'Avhämtning'}</dd>
          <dt>Ordinarie pris</dt>
          <dd>{formatKr(s.originalCost)}</dd>
          <dt>Rabatt</dt>
          <dd>{s.discount > 0 ? `−${formatKr(s.discount)}` : formatKr(0)}</dd>
          <dt>Totalt</dt>
          <dd className="details__total">{formatKr(s.totalCost)}</dd>
        </dl>
        <div className="modal__links">
          {!s.isOffline && (
            <>
              <a className="btn btn--secondary" href={manage}>
                Hantera din bokning
              </a>
              <a className="btn btn--secondary" href={calendar} download>
                Lägg till i kalendern
              </a>
            </>
          )}
          <a className="btn btn--ghost" href={KIOSK.socialUrl} rel="noopener" target="_blank">
            {KIOSK.socialLabel}
          </a>
        </div>
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          Stäng och gör en ny beställning
        </button>
      </div>
    </dialog>
  );
}
