// What a screen shows instead of its data when reading it failed: the reason and a retry.
import { commonTexts } from './commonTexts.js';

export function LoadFailed({ text, onRetry, disabled }: { text: string; onRetry: () => void; disabled?: boolean }) {
  return (
    <p className="card">
      {text}.{' '}
      <button type="button" className="btn btn--secondary btn--small" disabled={disabled} onClick={onRetry}>
        {commonTexts.retry}
      </button>
    </p>
  );
}
