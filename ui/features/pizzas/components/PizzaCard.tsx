// One pizza of the admin's menu grid: name, active badge, description, allergens, price, edit and
// delete. A pizza without a declaration is marked 'Allergener saknas' instead, until staff declare
// it: it is sold at the counter only meanwhile (rule: undeclared-pizzas).
import { formatKr } from '../../../lib/format.js';
import { allergensText, declarationOf } from '../../../../domain/menu/allergens.js';
import type { AdminPizza } from '../api/pizzas.js';
import { pizzaTexts } from '../texts.js';
import { extraTexts } from '../extrasTexts.js';
import { RowActions } from '../../../components/admin/RowActions.js';

export interface PizzaCardProps {
  pizza: AdminPizza;
  /** False until the page is hydrated, or while its delete runs. */
  enabled: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function PizzaCard({ pizza, enabled, deleting, onEdit, onDelete }: PizzaCardProps) {
  const active = Boolean(pizza.active);
  return (
    <li className={`tile pizza-card${active ? '' : ' pizza-card--inactive'}`} data-pizza={pizza.id}>
      <div className="tile__head">
        <h2 className="pizza-card__name">{pizza.name}</h2>
        <span className={`badge ${active ? 'badge--on' : 'badge--off'}`}>
          {active ? pizzaTexts.active : pizzaTexts.inactive}
        </span>
      </div>
      <p className="pizza-card__desc">
        {pizza.description || <span className="muted">{pizzaTexts.noDescription}</span>}
      </p>
      {pizza.allergens_declared ? (
        <p className="pizza-card__allergens">
          <strong>{pizzaTexts.allergensLabel}:</strong> {allergensText(declarationOf(pizza))}
        </p>
      ) : (
        <p className="pizza-card__allergens pizza-card__allergens--missing">
          <span className="badge badge--warn">{pizzaTexts.undeclared}</span>
        </p>
      )}
      {(pizza.removable?.length ?? 0) > 0 && (
        <p className="pizza-card__allergens">
          <strong>{extraTexts.removableLabel}:</strong> {pizza.removable.join(', ')}
        </p>
      )}
      <p className="pizza-card__price">{formatKr(pizza.price_cents)}</p>
      <RowActions
        actions={[
          { text: pizzaTexts.edit, label: pizzaTexts.editNamed(pizza.name), onClick: onEdit, disabled: !enabled },
          {
            tone: 'danger',
            text: deleting ? pizzaTexts.removing : pizzaTexts.remove,
            label: pizzaTexts.removeNamed(pizza.name),
            onClick: onDelete,
            disabled: !enabled || deleting,
          },
        ]}
      />
    </li>
  );
}
