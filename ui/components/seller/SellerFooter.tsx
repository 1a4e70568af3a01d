// The seller's details in every customer page's footer (rule: seller-details): the legal name,
// organisation and VAT numbers, address, phone and e-mail, from the page's context
// ((public)/+onBeforeRender). Nothing while the seller is not filled in.
import { Fragment, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { sellerTexts } from './sellerTexts.js';

export function SellerFooter() {
  const seller = usePageContext().seller;
  if (!seller?.legal_name) return null;
  // Each detail kept whole on a line (an organisation number never breaks at its hyphen).
  const first = [
    <strong key="name">{seller.legal_name}</strong>,
    seller.org_number && <span className="seller-footer__number">{sellerTexts.orgNumber(seller.org_number)}</span>,
    seller.vat_number && <span className="seller-footer__number">{sellerTexts.vatNumber(seller.vat_number)}</span>,
  ];
  const second = [
    seller.address,
    seller.phone && (
      <a className="seller-footer__number" href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`}>
        {seller.phone}
      </a>
    ),
    seller.email && <a href={`mailto:${seller.email}`}>{seller.email}</a>,
  ];
  return (
    <address className="seller-footer" aria-label={sellerTexts.footerLabel}>
      <Line items={first} />
      <Line items={second} />
    </address>
  );
}

function Line({ items }: { items: ReactNode[] }) {
  const shown = items.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <span className="seller-footer__line">
      {shown.map((item, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          {item}
        </Fragment>
      ))}
    </span>
  );
}
