// The customer pages' own styles, inline like the themes (../+Head.tsx) so that no stylesheet
// request blocks the first paint: the seller's details (footer and order confirmation), the
// connection banner, the order's pieces (step headings, steppers, menu cards and a card's extras,
// the folding box of both and the allergen filter, the order's lines, the confirmation) and the
// booking page's (its slot grid, also /my-booking's move dialog; the counter's pause banner). As separate stylesheets they were four requests on the critical path,
// each listed by Lighthouse as render-blocking on / (issue 30). Admin pages get the pieces they
// share through styles/admin.css.
import sellerStyles from '../../styles/seller.css?inline';
import slotStyles from '../../components/order/slots.css?inline';
import connectivityStyles from '../../components/connectivity.css?inline';
import stepTitleStyles from '../../components/order/stepTitle.css?inline';
import stepperStyles from '../../components/order/stepper.css?inline';
import pizzaMenuStyles from '../../components/order/pizzaMenu.css?inline';
import foldStyles from '../../components/order/fold.css?inline';
import pizzaOptionStyles from '../../components/order/pizzaOptions.css?inline';
import allergenFilterStyles from '../../components/order/allergenFilter.css?inline';
import beforeOrderStyles from '../../components/order/beforeOrder.css?inline';
import itemsTableStyles from '../../components/itemsTable.css?inline';
import confirmationStyles from '../../components/order/confirmation.css?inline';
import bookingStyles from '../../features/booking/booking.css?inline';
import counterStyles from '../../features/booking/counter.css?inline';

const styles = [
  sellerStyles,
  connectivityStyles,
  stepTitleStyles,
  slotStyles,
  stepperStyles,
  pizzaMenuStyles,
  foldStyles,
  pizzaOptionStyles,
  allergenFilterStyles,
  beforeOrderStyles,
  itemsTableStyles,
  confirmationStyles,
  bookingStyles,
  counterStyles,
].join('\n');

export default function Head() {
  return <style dangerouslySetInnerHTML={{ __html: styles }} />;
}
