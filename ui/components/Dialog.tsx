// The one modal dialog of the UI: a native <dialog> opened with showModal(), so focus moves in,
// the page behind is inert and Escape closes it; on close, focus goes back to the element that
// opened it. While `busy` (a save under way) Escape is held back: closing would lose the answer.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { commonTexts } from './commonTexts.js';
import { FieldError } from './Field.js';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  busy?: boolean;
  /** Wider on desktop (tables, long links). */
  wide?: boolean;
  /** Extra classes for the <dialog> element. */
  className?: string;
  /** The heading's id when a caller must point at it (default: generated). */
  titleId?: string;
  /** Shown above the heading (a picture). */
  icon?: ReactNode;
  /** Focus the heading when the dialog opens (a confirmation that is read first), not the first control. */
  focusTitle?: boolean;
}

export function Dialog({
  title,
  onClose,
  children,
  busy = false,
  wide,
  className,
  titleId,
  icon,
  focusTitle,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Whether the heading takes the focus is settled as the dialog opens (a later change moves nothing).
  const focusHeading = useRef(focusTitle);
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    if (focusHeading.current) heading.current?.focus();
    return () => {
      // Back to where the user was (the button that opened the dialog), if it is still there.
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const classes = ['modal', wide ? 'modal--wide' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <dialog
      ref={dialog}
      className={classes}
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <div className="modal__body">
        {icon}
        <h2 id={headingId} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** Closes the dialog the element sits in (its onClose then runs), as Escape would. */
export function closeDialogOf(element: Element | null) {
  element?.closest('dialog')?.close();
}

export interface FormDialogProps extends Omit<DialogProps, 'children'> {
  submitLabel: string;
  /** Shown on the submit button while busy (default: "Sparar..."). */
  busyLabel?: string;
  /** A problem with the whole form, shown above the buttons and announced. */
  error?: string;
  /** The id of that message, for controls it speaks of (fieldControl's errorId; default: generated). */
  errorId?: string;
  /** The label of the button that closes the dialog (default: "Avbryt"; "Stäng" where nothing is lost). */
  cancelLabel?: string;
  onSubmit: () => void;
  children: ReactNode;
  /** Shown below the form, e.g. what the form made (a link to copy). */
  after?: ReactNode;
}

/** A form in a Dialog: submit (not twice while busy) and cancel. */
export function FormDialog({
  submitLabel,
  busyLabel,
  cancelLabel,
  error,
  errorId: givenErrorId,
  onSubmit,
  children,
  after,
  ...dialog
}: FormDialogProps) {
  const generatedErrorId = useId();
  const errorId = givenErrorId ?? generatedErrorId;
  const busy = dialog.busy ?? false;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <Dialog {...dialog} className={dialog.className ? `modal--form ${dialog.className}` : 'modal--form'}>
      <form noValidate onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        {children}
        <FieldError id={errorId} text={error} />
        <DialogActions
          busy={busy}
          submitLabel={busy ? (busyLabel ?? commonTexts.saving) : submitLabel}
          cancelLabel={cancelLabel}
        />
      </form>
      {after}
    </Dialog>
  );
}

/**
 * A form dialog's two buttons: submit, and one that closes the dialog (its onClose runs as for
 * Escape). Both are off while busy; `submitDisabled` holds back the submit for another reason.
 * FormDialog uses it, and so do the dialogs that lay out their own form (the staff's order, the
 * waitlist's join).
 */
export function DialogActions({
  busy,
  submitLabel,
  cancelLabel = commonTexts.cancel,
  submitDisabled = false,
}: {
  busy: boolean;
  submitLabel: string;
  cancelLabel?: string;
  submitDisabled?: boolean;
}) {
  return (
    <div className="actions modal__actions">
      <button type="submit" className="btn btn--primary" disabled={busy || submitDisabled}>
        {submitLabel}
      </button>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        onClick={(event) => closeDialogOf(event.currentTarget)}
      >
        {cancelLabel}
      </button>
    </div>
  );
}
