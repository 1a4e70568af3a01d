// Hands what a person typed and pressed before hydration (noted by ui/public/typed-ahead.js, inline
// in every page's <head>) to React once it has hydrated the page: the fields' values first, then
// each press in its order, once.
//
// Why this way: the forms are controlled (their values live in React state, checked with the
// domain's zod schemas as a person types). While hydrating, React 19.3 keeps a field's value as
// the browser holds it, but its state is still the server's (empty), and the next render of that
// form writes the state back into the field: the typed text is gone, or a submit checks empty
// state ("Ogiltig e-postadress" under a filled field). So each noted field is entered again the
// way a person's input reaches React (its change event), and React's state then holds what the
// field shows; a held-back press is replayed after React has rendered that state. Uncontrolled
// fields read at submit would keep the text but not the per-field checks and derived state the
// booking page shows as a person types; forms that work without scripts would need a second,
// server-side path for every form.

type Press = { button: HTMLButtonElement } | { form: HTMLFormElement; submitter: HTMLElement | null };

interface TypedAhead {
  fields: Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string | boolean>;
  presses: Press[];
  handedOver: boolean;
}

declare global {
  interface Window {
    pizzakioskenTypedAhead?: TypedAhead;
  }
}

/**
 * Enters `value` into a field as a person's input would, so that React's onChange runs. React
 * keeps the last value it saw on the field's own `value` (or `checked`) property and calls
 * onChange only when the field's value differs from it: so that property is set to a value no field
 * can hold, the field's real value is set past it (the prototype's setter), and the event follows.
 */
function enter(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string | boolean): void {
  if (field instanceof HTMLSelectElement) {
    field.value = String(value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (typeof value === 'boolean') {
    // A checkbox or radio reaches React by its click, which also sets it as the person left it.
    if (!value && field.type === 'radio') return;
    (field as HTMLInputElement).checked = !value;
    field.click();
  } else {
    field.value = '\u0000';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** A press again, as React would have taken it; one whose button or form has gone is dropped. */
function replay(press: Press): void {
  if ('button' in press) {
    if (press.button.isConnected && !press.button.disabled) press.button.click();
    return;
  }
  const { form, submitter } = press;
  if (!form.isConnected) return;
  const usable =
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.isConnected &&
    submitter.form === form &&
    !submitter.disabled;
  form.requestSubmit(usable ? submitter : null);
}

const rendered = () => new Promise((resolve) => setTimeout(resolve));

/** Once per page load, right after hydration: every noted field, then the held-back presses. */
export async function handTypedAheadToReact(): Promise<void> {
  const ahead = window.pizzakioskenTypedAhead;
  if (!ahead || ahead.handedOver) return;
  ahead.handedOver = true;
  for (const [field, value] of ahead.fields) if (field.isConnected && !field.disabled) enter(field, value);
  for (const press of ahead.presses) {
    // React renders what the changes (and the press before) set before the next handler reads it.
    await rendered();
    replay(press);
  }
}
