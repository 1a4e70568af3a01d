// The small buttons of the admin's rows, cards and day cards (edit, remove, confirm...): each shows a
// short word and names its row for a screen reader ("Redigera Margherita"), since a list holds many
// buttons with the same word.
import type { ReactNode } from 'react';

/** The button's colour: secondary (default), ok (a go-ahead), danger (removes or cancels), primary, ghost. */
export type ButtonTone = 'secondary' | 'ok' | 'danger' | 'primary' | 'ghost';

export function SmallButton({
  tone = 'secondary',
  label,
  disabled,
  onClick,
  children,
}: {
  tone?: ButtonTone;
  /** The accessible name, naming the row. */
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn--${tone} btn--small`}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
    >
      {children}
    </button>
  );
}
export interface RowAction {
  /** The word shown. */
  text: string;
  /** The accessible name, naming the row. */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: ButtonTone;
}

/** `false` entries are actions that do not apply to this row (a confirmed booking has no Bekräfta). */
export function RowActions({
  actions,
  className = 'row-actions',
}: {
  actions: (RowAction | false)[];
  className?: string;
}) {
  return (
    <div className={className}>
      {actions.map(
        (action) =>
          action && (
            <SmallButton key={action.label} {...action}>
              {action.text}
            </SmallButton>
          ),
      )}
    </div>
  );
}
