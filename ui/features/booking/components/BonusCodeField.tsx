// An optional bonus code, checked with POST /api/validate-bonus-code; the discount then shows in
// the order summary and the code goes with the booking.
import { useState } from 'react';
import { api, errorText, isNetworkError } from '../../../lib/api.js';
import type { BonusCodeCheckAnswer as BonusCodeAnswer } from '../../../../domain/answers/index.js';
import type { AppliedBonus } from '../../../state/booking.js';
import { bookingPageTexts } from '../texts.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { FieldError } from '../../../components/Field.js';

export function BonusCodeField(props: {
  applied: AppliedBonus | null;
  online: boolean;
  onApply: (bonus: AppliedBonus | null) => void;
}) {
  const { applied, online, onApply } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);

  async function check() {
    const wanted = code.trim().toUpperCase();
    if (!wanted) return setError('Ange en bonuskod');
    setChecking(true);
    setError('');
    try {
      const answer = await api<BonusCodeAnswer>('/validate-bonus-code', { body: { code: wanted } });
      onApply({ code: answer.code, discount_percentage: answer.discount_percentage, description: answer.description });
      setCode('');
    } catch (e) {
      setError(isNetworkError(e) ? bookingPageTexts.bonusOnlineOnly : errorText(e, customerMsg.bonusCodeInvalid));
    } finally {
      setChecking(false);
    }
  }

  if (applied)
    return (
      <div className="bonus bonus--applied" role="status">
        <span>
          {bookingPageTexts.bonusCode} <strong>{applied.code}</strong>:{' '}
          {bookingPageTexts.percentOff(applied.discount_percentage)}
        </span>
        <button type="button" className="btn btn--ghost" onClick={() => onApply(null)}>
          {bookingPageTexts.removeCode}
        </button>
      </div>
    );
  return (
    <div className="bonus field">
      <label className="field__label" htmlFor="bonus-code">
        {bookingPageTexts.bonusCodeOptional}
      </label>
      <div className="bonus__row">
        <input
          id="bonus-code"
          className="field__control"
          value={code}
          autoCapitalize="characters"
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void check();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bonus-code-error' : undefined}
        />
        <button
          type="button"
          className="btn btn--secondary"
          disabled={checking || !online}
          onClick={() => void check()}
        >
          {bookingPageTexts.apply}
        </button>
      </div>
      <FieldError id="bonus-code-error" text={error} />
    </div>
  );
}
