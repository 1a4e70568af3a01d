// A form in a native modal <dialog> (opened with showModal: focus moves in, Escape closes it, the
// page behind is inert). Used by the pizza and bonus code forms.
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  submitLabel: string;
  busy: boolean;
  /** A problem with the form, shown above the buttons and announced. */
  error?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function FormDialog({ id, title, submitLabel, busy, error, onSubmit, onClose, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <dialog
      ref={dialog}
      className="modal menu-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => {
        // Escape while saving would lose the answer: wait for it.
        if (busy) event.preventDefault();
      }}
    >
      <form className="modal__body" noValidate onSubmit={submit}>
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="actions menu-dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Sparar...' : submitLabel}
          </button>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => dialog.current?.close()}>
            Avbryt
          </button>
        </div>
      </form>
    </dialog>
  );
}
