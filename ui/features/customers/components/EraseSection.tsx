// The dangerous part, set apart: erase what is held about the customer (after a confirmation), or,
// once erased, what happened and when.
import { useEffect, useRef } from 'react';
import { Instant } from '../../../components/Instant.js';
import type { CustomerErasure } from '../api/customers.js';
import { customerTexts as texts } from '../texts.js';

export function EraseSection({
  erased,
  who,
  disabled,
  onErase,
}: {
  erased: CustomerErasure | null;
  /** Who would be erased; null when no one is found. */
  who: string | null;
  disabled: boolean;
  onErase: () => void;
}) {
  const erasedMessage = useRef<HTMLParagraphElement>(null);
  // The erase button is gone with the data: focus goes to what happened instead.
  useEffect(() => {
    if (erased) erasedMessage.current?.focus();
  }, [erased]);

  return (
    <section className="card customers__erase" aria-labelledby="customer-erase-title">
      <h2 id="customer-erase-title">{texts.eraseTitle}</h2>
      {erased ? (
        <p className="customers__erased" role="status" tabIndex={-1} ref={erasedMessage}>
          <strong>{texts.erased(erased.erased_bookings)}.</strong>{' '}
          <span className="customers__erased-at">
            {texts.erasedAt} <Instant iso={erased.erased_at} />.
          </span>
        </p>
      ) : (
        who !== null && (
          <>
            <p>{texts.eraseIntro(who)}</p>
            <button type="button" className="btn btn--danger" disabled={disabled} onClick={onErase}>
              {texts.eraseOpen}
            </button>
          </>
        )
      )}
    </section>
  );
}
