// The seller first (rule: seller-first): which of the seller's details must be filled in before the
// kiosk sells, as given/when/then.
import { describe, expect, it } from 'vitest';
import {
  REQUIRED_SELLER_FIELDS,
  emptySeller,
  missingRequiredSellerFields,
  type Seller,
} from '../../domain/settings/seller.js';
import { sellerMissingNotice } from '../../api/sellerNotice.js';

const filled: Seller = {
  legal_name: 'Pizzakiosken i Malmö AB',
  org_number: '556036-0793',
  address: 'Storgatan 1, 211 34 Malmö',
  phone: '',
  email: 'hej@pizzakiosken.se',
  vat_number: '',
};

describe('the seller first (rule: seller-first)', () => {
  it('requires name, organisation number, address and e-mail (e-handelslagen 8 §)', () => {
    expect(REQUIRED_SELLER_FIELDS).toEqual(['legal_name', 'org_number', 'address', 'email']);
  });

  it('given a fresh install, all four are missing, in the form’s order', () => {
    expect(missingRequiredSellerFields(emptySeller())).toEqual(['legal_name', 'org_number', 'address', 'email']);
  });

  it('given the four filled in, nothing is missing: phone and VAT number are not required', () => {
    expect(missingRequiredSellerFields(filled)).toEqual([]);
  });

  it('when one is blank or only spaces, it is named', () => {
    expect(missingRequiredSellerFields({ ...filled, address: '  ', email: '' })).toEqual(['address', 'email']);
  });

  it('the start’s console names the missing details and where to fill them in', () => {
    const notice = sellerMissingNotice(['org_number', 'email'], { publicUrl: 'https://kiosk.example.se' });
    expect(notice).toContain('Säljarens uppgifter saknas: organisationsnummer, e-post till kunder.');
    expect(notice).toContain('https://kiosk.example.se/admin/settings#seller-title');
    expect(notice).toContain('seller_missing');
  });
});
