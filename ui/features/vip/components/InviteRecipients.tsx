// The invitation's recipients: every active customer to tick, and "choose all". Rule
// vip-unsubscribe: one who unsubscribed is not offered (the server refuses them too), only counted.
import { FieldError } from '../../../components/Field.js';
import type { VipCustomer } from '../api/vip.js';
import { vipTexts } from '../texts.js';

export function InviteRecipients({
  customers,
  chosen,
  error,
  onChosen,
}: {
  customers: VipCustomer[];
  chosen: Set<number>;
  error?: string;
  onChosen: (chosen: Set<number>) => void;
}) {
  const active = customers.filter((c) => c.active && !c.unsubscribed_at);
  const unsubscribed = customers.filter((c) => c.active && c.unsubscribed_at).length;
  const allChosen = active.length > 0 && active.every((c) => chosen.has(c.id));

  function toggle(id: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChosen(next);
  }

  return (
    <fieldset className="invite-customers" aria-describedby={error ? 'invite-customers-error' : undefined}>
      <legend className="field__label">{vipTexts.recipients}</legend>
      {active.length === 0 ? (
        <p className="hint">{vipTexts.addActiveFirst}</p>
      ) : (
        <>
          <label className="check invite-customers__all" id="invite-customers" tabIndex={-1}>
            <input
              type="checkbox"
              checked={allChosen}
              onChange={(e) => onChosen(e.target.checked ? new Set(active.map((c) => c.id)) : new Set())}
            />
            <span>{vipTexts.chooseAll(active.length)}</span>
          </label>
          <ul className="invite-customers__list">
            {active.map((c) => (
              <li key={c.id}>
                <label className="check">
                  <input type="checkbox" checked={chosen.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
                  <span>
                    {c.name} <span className="muted">{c.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {unsubscribed > 0 && <p className="hint">{vipTexts.unsubscribedLeftOut(unsubscribed)}</p>}
      <FieldError id="invite-customers-error" text={error} />
    </fieldset>
  );
}
