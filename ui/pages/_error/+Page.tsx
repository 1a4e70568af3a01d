// Unknown routes and render errors (SPEC 2): a generic page, no dedicated not-found screen.
import { t } from '../../lib/texts.js';

export default function Page() {
  return (
    <section className="card error-page">
      <h1>{t.unexpected}</h1>
      <p>Sidan kunde inte visas.</p>
      <p>
        <a className="btn btn--primary" href="/">
          Till bokningen
        </a>
      </p>
    </section>
  );
}
