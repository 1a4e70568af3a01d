// /admin/swish 'Swish' (the owner's; issue 49): what the server's environment set up for Swish
// Handel (never the key), "Testa anslutningen", and when customers pay in advance (rule:
// swish-prepay). The first answer comes in the page's HTML (+data).
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { BackToOverview } from '../../../components/admin/AdminFrame.js';
import { getSwish, type SwishStatusAnswer } from '../api/swish.js';
import { swishTexts as texts } from '../texts.js';
import { SwishSetup } from './SwishSetup.js';
import { PrepayForm } from './PrepayForm.js';
import '../swish.css';

export function SwishScreen({ swish: initial }: { swish: SwishStatusAnswer | null }) {
  const hydrated = useHydrated();
  const { data: swish, reload } = useReloadable(initial, getSwish, texts.loadFailed);
  return (
    <>
      <BackToOverview />
      <div className="admin-title">
        <h1>{texts.title}</h1>
      </div>
      <p className="muted">{texts.intro}</p>
      {swish === null ? (
        <LoadFailed text={texts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : (
        <div className="swish-columns">
          <SwishSetup swish={swish} />
          <PrepayForm prepay={swish.prepay} onSaved={reload} />
        </div>
      )}
    </>
  );
}
