// An optional bonus code, checked with POST /api/validate-bonus-code; the discount then shows in
// the order summary and the code goes with the booking.
import { useState } from 'react';
import { api, errorText, isNetworkError } from '../../../lib/api.js';
import type { BonusCodeCheckAnswer as BonusCodeAnswer } from '../../../../domain/answers/index.js';
import type { AppliedBonus } from '../../../state/booking.js';

export function BonusCodeField(props: { applied: AppliedBonus | null; online: boolean; onApply: (bonus: AppliedBonus | null) => void }) {
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
      setError(isNetworkError(e) ? 'Bonuskoden kan bara kontrolleras online' : errorText(e, 'Ogiltig bonuskod'));
    } finally {
      setChecking(false);
    }
  }

  if (applied)
    return (
      <div className="bonus bonus--applied" role="status">
        <span>
          Bonuskod <strong>{applied.code}</strong>: {applied.discount_percentage}% rabatt
        </span>
        <button type="button" className="btn btn--ghost" onClick={() => onApply(null)}>
          Ta bort koden
        </button>
      </div>
    );
  return (
    <div className="bonus field">
      <label className="field__label" htmlFor="bonus-code">
        Bonuskod (valfritt)
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
        <button type="button" className="btn btn--secondary" disabled={checking || !online} onClick={() => void check()}>
          Använd
        </button>
      </div>
      {error && (
        <p id="bonus-code-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
