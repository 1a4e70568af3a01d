// Unknown routes and render errors (SPEC 2): a generic page, no dedicated not-found screen.
import { customerTexts } from '../../lib/texts.js';

export default function Page() {
  return (
    <section className="card error-page">
      <h1>{customerTexts.unexpected}</h1>
      <p>{customerTexts.pageFailed}</p>
      <p>
        <a className="btn btn--primary" href="/">
          {customerTexts.toBooking}
        </a>
      </p>
    </section>
  );
}
