// The work items a reactor's page wrote (mail, push, SMS), so that their senders are woken once
// the page is committed: not before, when a sender would not yet find them, and not for a page
// that wrote none. One of these per reactor, its `committed` given to runReactor as onCommitted.
export class WrittenItems {
  private written = 0;
  private urgent = false;

  /** `wake` is told after a committed page that wrote items, how many; urgent when one of them was. */
  constructor(private readonly wake?: (urgent: boolean, count: number) => void) {}

  /** An item was written in this page; an urgent one ends a sender's round (mail/sender.ts). */
  add(urgent = false): void {
    this.written += 1;
    if (urgent) this.urgent = true;
  }

  /** After the page's commit. */
  readonly committed = (): void => {
    if (this.written === 0) return;
    const [urgent, count] = [this.urgent, this.written];
    this.written = 0;
    this.urgent = false;
    this.wake?.(urgent, count);
  };
}
