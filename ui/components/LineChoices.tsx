// A line's extras and removals in bold under its pizza (issue 29): "+ Extra ost 15 kr, utan lök".
// Shared by the order summary, /my-booking, the admin's details, the kitchen board and its ticket.
import { lineChoicesText, type ShownChoices } from '../../domain/kioskDay/orderLines.js';

export function LineChoices({ line, prices = true }: { line: ShownChoices; prices?: boolean }) {
  const text = lineChoicesText(line, prices);
  return text ? <strong className="line-choices">{text}</strong> : null;
}
