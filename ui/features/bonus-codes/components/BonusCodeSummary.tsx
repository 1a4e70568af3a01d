// The four summary cards over the codes: how many, how many active, uses, average discount.
import type { BonusCode } from '../api/bonusCodes.js';
import { bonusCodeTexts } from '../texts.js';

const oneDecimal = (n: number) => n.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function BonusCodeSummary({ codes }: { codes: BonusCode[] | null }) {
  const list = codes ?? [];
  const average = list.length ? list.reduce((sum, c) => sum + c.discount_percentage, 0) / list.length : 0;
  const cards = [
    { label: bonusCodeTexts.totalCodes, value: list.length, tone: '' },
    { label: bonusCodeTexts.activeCodes, value: list.filter((c) => c.is_active).length, tone: 'stat-card--ok' },
    { label: bonusCodeTexts.totalUses, value: list.reduce((sum, c) => sum + c.used_count, 0), tone: 'stat-card--warn' },
    { label: bonusCodeTexts.averageDiscount, value: `${oneDecimal(average)} %`, tone: '' },
  ];
  return (
    <section aria-label={bonusCodeTexts.summary} className="stat-cards">
      {cards.map((card) => (
        <div key={card.label} className={card.tone ? `stat-card ${card.tone}` : 'stat-card'}>
          <span className="stat-card__label">{card.label}</span>
          <span className="stat-card__value">{codes ? card.value : '–'}</span>
        </div>
      ))}
    </section>
  );
}
