// The booking page's own styles (the queue prompt under the slots) come inline with its <head>,
// as the themes do (../../+Head.tsx): no stylesheet request blocks its first paint.
import waitlistStyles from '../../../features/waitlist/waitlist.css?inline';

export default function Head() {
  return <style dangerouslySetInnerHTML={{ __html: waitlistStyles }} />;
}
