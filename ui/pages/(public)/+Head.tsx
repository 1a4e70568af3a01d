// The customer pages' own styles for the seller's details (footer and order confirmation), inline
// like the themes (../+Head.tsx): no stylesheet request blocks the first paint.
import sellerStyles from '../../styles/seller.css?inline';

export default function Head() {
  return <style dangerouslySetInnerHTML={{ __html: sellerStyles }} />;
}
