// The customer pages' own styles, inline like the themes (../+Head.tsx) so that no stylesheet
// request blocks the first paint: the seller's details (footer and order confirmation), and the
// booking page's (its slot grid, also /my-booking's move dialog; a menu card's extras; the
// counter's pause banner). As separate stylesheets they were four requests on the critical path,
// each listed by Lighthouse as render-blocking on / (issue 30).
import sellerStyles from '../../styles/seller.css?inline';
import slotStyles from '../../components/order/slots.css?inline';
import pizzaOptionStyles from '../../components/order/pizzaOptions.css?inline';
import bookingStyles from '../../features/booking/booking.css?inline';
import counterStyles from '../../features/booking/counter.css?inline';

const styles = [sellerStyles, slotStyles, pizzaOptionStyles, bookingStyles, counterStyles].join('\n');

export default function Head() {
  return <style dangerouslySetInnerHTML={{ __html: styles }} />;
}
