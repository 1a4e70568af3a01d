// The frame both legal pages share: the small hero with the title, then one card per section,
// each a region named by its heading.
import type { ReactNode } from 'react';

export function LegalPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="legal">
      <section className="hero hero--small">
        <h1>{title}</h1>
        <p>{intro}</p>
      </section>
      {children}
    </div>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card legal__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A list of named items: the term in bold, its explanation after it. */
export function TermList({ items }: { items: readonly { term: string; text: string }[] }) {
  return (
    <ul className="legal__terms">
      {items.map((item) => (
        <li key={item.term}>
          <strong>{item.term}</strong>
          {': '}
          {item.text}
        </li>
      ))}
    </ul>
  );
}

/** The kiosk's address as a link to write to. */
export function MailTo({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}
