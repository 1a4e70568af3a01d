// The staff's 'Kö' on the bookings screen (rule: waitlist): each slot's queue for the filtered
// date (every entry from today on without a date filter), in time and join order, with
// each entry's status and, for an offer, until when the place is held.
import { useEffect, useState } from 'react';
import { formatDateShort } from '../../../lib/format.js';
import { Instant } from '../../../components/Instant.js';
import { getQueue, type WaitlistQueue as Queue } from '../api/waitlist.js';
import { waitlistTexts } from '../texts.js';
import '../waitlist.css';

const BADGE = {
  waiting: 'pending',
  offered: 'pending',
  booked: 'confirmed',
  lapsed: 'cancelled',
  left: 'cancelled',
  missed: 'cancelled',
} as const;

/**
 * Read again when `version` changes (the bookings changed: a cancellation may have made an offer)
 * and when `changes` grows (the live stream told of a change to a waitlist).
 */
export function WaitlistQueue({ date, version, changes = 0 }: { date: string; version: unknown; changes?: number }) {
  const [queue, setQueue] = useState<Queue['entries'] | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    getQueue(date).then(
      (answer) => current && setQueue(answer.entries),
      () => current && setQueue('failed'),
    );
    return () => {
      current = false;
    };
  }, [date, version, changes]);

  return (
    <section className="card waitlist-queue" aria-labelledby="queue-title">
      <h2 id="queue-title">{waitlistTexts.queueTitle}</h2>
      <p className="hint">{waitlistTexts.queueIntro}</p>
      {queue === 'failed' ? (
        <p className="notice" role="alert">
          {waitlistTexts.queueFailed}
        </p>
      ) : queue === null ? null : queue.length === 0 ? (
        <p>{waitlistTexts.queueNone}</p>
      ) : (
        <table className="bookings-table">
          <caption className="visually-hidden">{waitlistTexts.queueTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{waitlistTexts.queueColumns.date}</th>
              <th scope="col">{waitlistTexts.queueColumns.time}</th>
              <th scope="col">{waitlistTexts.queueColumns.name}</th>
              <th scope="col">{waitlistTexts.queueColumns.pizzas}</th>
              <th scope="col">{waitlistTexts.queueColumns.status}</th>
            </tr>
          </thead>
          <tbody>
            {queue.map((entry) => (
              <tr key={entry.id} data-waitlist={entry.id}>
                <td data-label={waitlistTexts.queueColumns.date}>{formatDateShort(entry.date)}</td>
                <td data-label={waitlistTexts.queueColumns.time}>{entry.time}</td>
                <td data-label={waitlistTexts.queueColumns.name}>
                  <strong>{entry.name}</strong>
                  <br />
                  <span className="muted">{entry.email}</span>
                </td>
                <td data-label={waitlistTexts.queueColumns.pizzas}>{entry.requested_pizzas}</td>
                <td data-label={waitlistTexts.queueColumns.status}>
                  <span className={`badge badge--${BADGE[entry.status]}`}>{waitlistTexts.status[entry.status]}</span>
                  {entry.status === 'offered' && entry.hold_expires_at && (
                    <span className="muted">
                      {' '}
                      {waitlistTexts.heldUntil}
                      <Instant iso={entry.hold_expires_at} format="HH:mm" />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
