// The VIP dates as options of a select: the date in words and its description.
import { formatDateLong } from '../../../lib/format.js';
import type { VipDate } from '../api/vip.js';
import { vipTexts } from '../texts.js';

export function VipDateOptions({ dates }: { dates: VipDate[] }) {
  return (
    <>
      {dates.map((d) => (
        <option key={d.id} value={d.id}>
          {vipTexts.dateOption(formatDateLong(d.date), d.description)}
        </option>
      ))}
    </>
  );
}
