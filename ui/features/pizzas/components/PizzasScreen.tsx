// /admin/pizzas (SPEC 2, 5, 8): the menu as a grid of cards, every pizza (inactive ones too),
// with add, edit and delete. The first list comes in the page's HTML (+data).
import { useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { deletePizza, listPizzas, type AdminPizza } from '../api/pizzas.js';
import { pizzaTexts } from '../texts.js';
import { PizzaCard } from './PizzaCard.js';
import { PizzaFormDialog } from './PizzaFormDialog.js';
import { ExtrasPanel } from './ExtrasPanel.js';
import '../../../styles/admin-menu.css';
import '../pizzas.css';

/** pizzas: as the server read them for the first HTML; null when that failed. */
export function PizzasScreen({ pizzas: initial }: { pizzas: AdminPizza[] | null }) {
  const hydrated = useHydrated();
  const { data: pizzas, reload } = useReloadable(initial, listPizzas, pizzaTexts.loadFailed);
  const [editing, setEditing] = useState<AdminPizza | 'new' | null>(null);
  const { busy, run } = useAction();

  function remove(pizza: AdminPizza) {
    if (!window.confirm(pizzaTexts.confirmDelete(pizza.name))) return;
    void run(String(pizza.id), () => deletePizza(pizza.id), {
      success: pizzaTexts.deleted,
      failure: pizzaTexts.deleteFailed,
      reload,
    });
  }

  return (
    <>
      <div className="admin-title">
        <h1>{pizzaTexts.title}</h1>
        <button type="button" className="btn btn--primary" disabled={!hydrated} onClick={() => setEditing('new')}>
          {pizzaTexts.add}
        </button>
      </div>
      {pizzas === null ? (
        <LoadFailed text={pizzaTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : pizzas.length === 0 ? (
        <p className="card">{pizzaTexts.empty}</p>
      ) : (
        <ul className="pizza-grid" aria-label={pizzaTexts.menu}>
          {pizzas.map((pizza) => (
            <PizzaCard
              key={pizza.id}
              pizza={pizza}
              enabled={hydrated}
              deleting={busy === String(pizza.id)}
              onEdit={() => setEditing(pizza)}
              onDelete={() => remove(pizza)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <PizzaFormDialog
          pizza={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload();
          }}
        />
      )}
      <ExtrasPanel />
    </>
  );
}
