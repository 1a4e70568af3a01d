// The one labelled form field: the label, the control (the caller's input, select or textarea),
// a hint, and the message of a refused value. The control gets its accessibility attributes from
// fieldControl(): the error's id is the control's id plus '-error', for aria-describedby.
import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}

export function Field({ id, label, error, hint, children, className }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

/** A refused value's message, announced; nothing when there is none. */
export function FieldError({ id, text }: { id?: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {text}
    </p>
  );
}

/**
 * The attributes a Field's control needs: its id, the field__control class, invalid state and
 * description. `errorId`: where the message stands when one message speaks for several controls
 * (a form's shared message); the Field itself then gets no `error`.
 */
export function fieldControl(id: string, error?: string, hint?: string, errorId = `${id}-error`) {
  const describedBy = error ? errorId : hint ? `${id}-hint` : undefined;
  return {
    id,
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
}
