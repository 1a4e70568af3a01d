// Paying with Swish in advance, before "Slutför Beställning" (issue 49, rule: swish-prepay): where
// the kiosk offers it, the customer chooses "Betala nu med Swish" or paying at pick-up (a radio
// group); where the rule requires it of this order, the page says so here, never as a surprise
// after the button. The rule comes with the page (GET /api/settings' swish_prepay).
import { useAtom } from 'jotai';
import type { SwishPrepay, SwishPrepayAsked } from '../../../../domain/settings/swishPrepayAsked.js';
import { payNowAtom } from '../../../state/booking.js';
import { bookingPageTexts as texts } from '../texts.js';

export interface SwishOnPage {
  prepay: SwishPrepay;
  /** What the rule asks of this order (paymentAskedFor, the customer's no-shows unknown here). */
  asked: SwishPrepayAsked;
}

export function SwishChoice({ swish: { prepay, asked }, online }: { swish: SwishOnPage; online: boolean }) {
  const [chosen, setPayNow] = useAtom(payNowAtom);
  // Offline the order waits on the device and is sent later: paid at pick-up, never now.
  const payNow = chosen && online;
  if (asked === 'required')
    return (
      <p className="notice swish-choice__required" data-swish="required">
        {prepay.choice === 'required_from_pizzas' && prepay.from_pizzas !== null
          ? texts.swishRequiredFrom(prepay.from_pizzas)
          : texts.swishRequired}
      </p>
    );
  if (asked !== 'offered') return null;
  return (
    <fieldset className="swish-choice" data-swish="offered">
      <legend className="field__label">{texts.swishLegend}</legend>
      <label className="check">
        <input
          type="radio"
          name="pay_with_swish"
          value="now"
          checked={payNow}
          disabled={!online}
          aria-describedby="swish-now-hint"
          onChange={() => setPayNow(true)}
        />
        {texts.swishNow}
      </label>
      <p id="swish-now-hint" className="hint swish-choice__hint">
        {online ? texts.swishNowHint : texts.swishNowOffline}
      </p>
      <label className="check">
        <input type="radio" name="pay_with_swish" value="later" checked={!payNow} onChange={() => setPayNow(false)} />
        {texts.swishLater}
      </label>
      {prepay.choice === 'required_after_no_shows' && <p className="hint">{texts.swishAfterNoShows}</p>}
    </fieldset>
  );
}
