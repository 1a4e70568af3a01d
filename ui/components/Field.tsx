// A labelled form field: the label, the control, a hint, and the message of a refused value
// (its id is the control's id plus '-error', for aria-describedby).
import type { ReactNode } from 'react';

export function Field(props: { id: string; label: string; error?: string; children: ReactNode; hint?: string }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint && !props.error && <p className="hint">{props.hint}</p>}
      {props.error && (
        <p id={`${props.id}-error`} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
