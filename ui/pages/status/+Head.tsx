// The status screen's styles come inline with its <head>, as the themes do (../+Head.tsx).
import statusStyles from '../../features/order-status/order-status.css?inline';

export default function Head() {
  return <style dangerouslySetInnerHTML={{ __html: statusStyles }} />;
}
