// The legal pages' styles come inline with their <head>, as the booking page's do.
import legalStyles from '../../../features/legal/legal.css?inline';

export default function Head() {
  return <style dangerouslySetInnerHTML={{ __html: legalStyles }} />;
}
