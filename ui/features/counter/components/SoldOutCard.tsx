// Slut och dagligt lager (rules sold-out, daily-stock): each pizza on the menu, marked sold out for
// the day (or until a time) or back in stock, the bookings already holding a sold-out one with one
// press to offer them all a swap or a cancellation by mail, and each pizza's daily stock.
import { useState } from 'react';
import type { Pizza } from '../../../../domain/answers/menu.js';
import { markBackInStock, markSoldOut, offerSwaps, setDailyStock, type SoldOutBooking } from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';
import { CounterButton, type CounterCardProps } from './CounterButton.js';
import { dailyStockInputSchema } from '../../../../domain/menu/dailyStock.js';
import { maxOf, minOf } from '../../../lib/schemaLimits.js';

export function SoldOutCard(
  props: CounterCardProps & {
    date: string;
    pizzas: Pizza[];
    holding: ReadonlyMap<number, SoldOutBooking[]>;
  },
) {
  const { pizzas, ...rest } = props;
  return (
    <section className="card counter-card" aria-labelledby="counter-soldout">
      <h2 id="counter-soldout">{texts.soldOutTitle}</h2>
      <ul className="counter-list">
        {pizzas.map((pizza) => (
          <PizzaRow key={pizza.id} pizza={pizza} {...rest} />
        ))}
      </ul>
    </section>
  );
}

function PizzaRow(props: Omit<Parameters<typeof SoldOutCard>[0], 'pizzas'> & { pizza: Pizza }) {
  const { pizza, date, status, holding, enabled, action, reload } = props;
  const mark = status.sold_out.find((m) => m.pizza_id === pizza.id) ?? null;
  const stock = status.daily_stock.find((s) => s.pizza_id === pizza.id) ?? null;
  const [until, setUntil] = useState('');
  const [perDay, setPerDay] = useState(stock ? String(stock.per_day) : '');
  const idle = !enabled || action.busy !== null;
  const run = { action, reload };
  const booked = holding.get(pizza.id) ?? [];
  const id = `pizza-${pizza.id}`;
  return (
    <li className="counter-row counter-row--pizza">
      <div className="counter-row__text">
        <strong>{pizza.name}</strong>{' '}
        <span className={`badge ${mark ? 'badge--cancelled' : 'badge--confirmed'}`}>
          {mark ? (mark.until ? texts.soldOutUntil(mark.until) : texts.soldOutAllDay) : texts.available}
        </span>
        {stock && <span className="counter-row__stock">{texts.stockLeft(stock.left, stock.per_day)}</span>}
      </div>
      <div className="counter-row__tools">
        {mark ? (
          <CounterButton
            label={texts.backInStockLabel(pizza.name)}
            idle={idle}
            run={run}
            busyKey={`back-${pizza.id}`}
            call={() => markBackInStock(pizza.id, date)}
            texts={{ success: texts.backOk, failure: texts.soldOutFailed }}
          >
            {texts.backInStock}
          </CounterButton>
        ) : (
          <div className="counter-inline">
            <div className="field counter-inline__field">
              <label className="field__label" htmlFor={`${id}-until`}>
                {texts.until}
                <span className="visually-hidden">{texts.forPizza(pizza.name)}</span>
              </label>
              <input
                id={`${id}-until`}
                className="field__control"
                type="time"
                step={900}
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            </div>
            <CounterButton
              tone="primary"
              label={texts.markSoldOutLabel(pizza.name)}
              idle={idle}
              run={run}
              busyKey={`soldout-${pizza.id}`}
              call={() => markSoldOut(pizza.id, { date, until: until || null })}
              texts={{ success: texts.soldOutOk, failure: texts.soldOutFailed }}
            >
              {texts.markSoldOut}
            </CounterButton>
          </div>
        )}
        <div className="counter-inline">
          <div className="field counter-inline__field">
            <label className="field__label" htmlFor={`${id}-stock`}>
              {texts.stock}
              <span className="visually-hidden">{texts.forPizza(pizza.name)}</span>
            </label>
            <input
              id={`${id}-stock`}
              className="field__control"
              type="number"
              min={minOf(dailyStockInputSchema.shape.per_day)}
              max={maxOf(dailyStockInputSchema.shape.per_day)}
              inputMode="numeric"
              aria-describedby={`${id}-stock-hint`}
              value={perDay}
              onChange={(e) => setPerDay(e.target.value)}
            />
            <p id={`${id}-stock-hint`} className="hint">
              {texts.stockHint}
            </p>
          </div>
          <CounterButton
            label={texts.saveStockLabel(pizza.name)}
            idle={idle}
            run={run}
            busyKey={`stock-${pizza.id}`}
            call={() => setDailyStock(pizza.id, perDay.trim() === '' ? null : Number(perDay))}
            texts={{ success: texts.stockOk, failure: texts.stockFailed }}
          >
            {texts.saveStock}
          </CounterButton>
        </div>
      </div>
      {mark && (
        <div className="counter-holding">
          <p>{booked.length === 0 ? texts.holdingNone : texts.holding(booked.length)}</p>
          {booked.length > 0 && (
            <>
              <ul>
                {booked.map((b) => (
                  <li key={b.booking_id}>{texts.holdingLine(b.booking_time, b.name, b.qty, b.offered)}</li>
                ))}
              </ul>
              <CounterButton
                tone="primary"
                idle={idle}
                run={run}
                busyKey={`offer-${pizza.id}`}
                call={() => offerSwaps(pizza.id, date)}
                texts={{ success: (r) => texts.offeredOk(r.offered), failure: texts.soldOutFailed }}
              >
                {texts.offer(booked.filter((b) => !b.offered).length)}
              </CounterButton>
            </>
          )}
        </div>
      )}
    </li>
  );
}
