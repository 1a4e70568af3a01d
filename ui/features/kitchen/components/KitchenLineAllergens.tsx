// A line's allergens on the kitchen board and its ticket (rule: allergen-change): as the menu
// declares them now, and, where that differs from what the customer ordered by, a flag in words
// with the declaration at ordering, for staff to tell the customer.
import { LineAllergens } from '../../../components/ItemsTable.js';
import { allergensText } from '../../../../domain/menu/allergens.js';
import type { KitchenOrder } from '../board.js';
import { allergenChangeTexts as texts } from '../allergenTexts.js';

export function KitchenLineAllergens({ item }: { item: KitchenOrder['items'][number] }) {
  const now = item.allergens_now !== undefined ? item.allergens_now : item.allergens;
  if (now === undefined) return null;
  return (
    <>
      <LineAllergens allergens={now} />
      {item.allergens_changed && (
        <span className="allergen-changed" data-allergen-changed="">
          <strong>
            <span aria-hidden="true">⚠ </span>
            {texts.changed}
          </strong>{' '}
          {texts.atOrder(allergensText(item.allergens))} {texts.tell}
        </span>
      )}
    </>
  );
}
