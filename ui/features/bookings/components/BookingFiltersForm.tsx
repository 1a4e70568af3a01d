// The list's filters (SPEC 2): status and date, and clearing both.
import { Field, fieldControl } from '../../../components/Field.js';
import type { BookingFilters } from '../api/bookings.js';
import { bookingTexts } from '../texts.js';

export function BookingFiltersForm({
  filters,
  onChange,
  enabled,
}: {
  filters: BookingFilters;
  onChange: (next: BookingFilters) => void;
  enabled: boolean;
}) {
  return (
    // A group, not a form: the filters apply as they change, there is nothing to submit.
    <div className="filters card" role="group" aria-label={bookingTexts.filters}>
      <Field id="filter-status" label={bookingTexts.status}>
        <select
          {...fieldControl('filter-status')}
          value={filters.status}
          disabled={!enabled}
          onChange={(e) => onChange({ ...filters, status: e.target.value })}
        >
          <option value="">{bookingTexts.all}</option>
          {Object.entries(bookingTexts.statusOptions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="filter-date" label={bookingTexts.date}>
        <select
          {...fieldControl('filter-date')}
          value={filters.date}
          disabled={!enabled}
          onChange={(e) => onChange({ ...filters, date: e.target.value })}
        >
          <option value="">{bookingTexts.all}</option>
          {Object.entries(bookingTexts.dateOptions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={!enabled || (!filters.status && !filters.date)}
        onClick={() => onChange({ status: '', date: '' })}
      >
        {bookingTexts.clearFilters}
      </button>
    </div>
  );
}
