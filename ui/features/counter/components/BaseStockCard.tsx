// Dagligt lager per botten (rule: daily-stock): e.g. "Glutenfri botten: 6 per dag", shared by the
// pizzas made on that base. Staff see what the day's bookings leave of each, add one (a name, a
// number per day, the pizzas on it) and remove one; the booking page shows its pizzas sold out
// once it is used up.
import { useState } from 'react';
import type { Pizza } from '../../../../domain/answers/menu.js';
import { addStockPool, removeStockPool } from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';
import { CounterButton, type CounterCardProps } from './CounterButton.js';
import { Field } from '../../../components/Field.js';
import { STOCK_POOL_NAME_MAX, stockPoolInputSchema } from '../../../../domain/menu/stockPools.js';
import { maxOf, minOf } from '../../../lib/schemaLimits.js';

export function BaseStockCard(
  props: CounterCardProps & {
    pizzas: Pizza[];
  },
) {
  const { status, pizzas, enabled, action, reload } = props;
  const [name, setName] = useState('');
  const [perDay, setPerDay] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const idle = !enabled || action.busy !== null;
  const run = { action, reload };
  const nameOf = (id: number) => pizzas.find((p) => p.id === id)?.name ?? `#${id}`;
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function add() {
    const result = await action.run(
      'pool-add',
      () => addStockPool({ name, per_day: perDay.trim() === '' ? Number.NaN : Number(perDay), pizza_ids: [...chosen] }),
      { success: texts.baseOk, failure: texts.baseFailed, reload },
    );
    if (result !== undefined) {
      setName('');
      setPerDay('');
      setChosen(new Set());
    }
  }

  return (
    <section className="card counter-card counter-card--wide" aria-labelledby="counter-bases">
      <h2 id="counter-bases">{texts.basesTitle}</h2>
      <p className="hint">{texts.basesIntro}</p>
      {status.stock_pools.length === 0 ? (
        <p>{texts.basesNone}</p>
      ) : (
        <ul className="counter-list">
          {status.stock_pools.map((pool) => (
            <li key={pool.id} className="counter-row">
              <div className="counter-row__text">
                <strong>{pool.name}</strong>
                <span className={`badge ${pool.left === 0 ? 'badge--cancelled' : 'badge--confirmed'}`}>
                  {texts.stockLeft(pool.left, pool.per_day)}
                </span>
                <span className="counter-row__stock">{pool.pizza_ids.map(nameOf).join(', ')}</span>
              </div>
              <CounterButton
                label={texts.removeBaseLabel(pool.name)}
                idle={idle}
                run={run}
                busyKey={`pool-${pool.id}`}
                call={() => removeStockPool(pool.id)}
                texts={{ success: texts.baseRemovedOk, failure: texts.baseFailed }}
              >
                {texts.removeBase}
              </CounterButton>
            </li>
          ))}
        </ul>
      )}
      <form
        className="counter-base-form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="counter-inline">
          <Field id="base-name" label={texts.baseName} className="counter-inline__field">
            <input
              id="base-name"
              className="field__control"
              value={name}
              maxLength={STOCK_POOL_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field id="base-per-day" label={texts.basePerDay} className="counter-inline__field">
            <input
              id="base-per-day"
              className="field__control"
              type="number"
              min={minOf(stockPoolInputSchema.shape.per_day)}
              max={maxOf(stockPoolInputSchema.shape.per_day)}
              inputMode="numeric"
              value={perDay}
              onChange={(e) => setPerDay(e.target.value)}
            />
          </Field>
        </div>
        <fieldset className="counter-base-form__pizzas">
          <legend className="field__label">{texts.basePizzas}</legend>
          {pizzas.map((pizza) => (
            <label key={pizza.id} className="check">
              <input
                type="checkbox"
                checked={chosen.has(pizza.id)}
                onChange={(e) => toggle(pizza.id, e.target.checked)}
              />
              <span>{pizza.name}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary counter-btn" disabled={idle}>
          {texts.addBase}
        </button>
      </form>
    </section>
  );
}
