// One key figure: a label over a large value, as the dashboard and the statistics show them.
export function StatCard({ label, value, kind }: { label: string; value: string | number; kind?: 'ok' | 'warn' }) {
  return (
    <div className={kind ? `stat-card stat-card--${kind}` : 'stat-card'}>
      <span className="stat-card__label">{label}</span>
      <span className="stat-card__value">{value}</span>
    </div>
  );
}
