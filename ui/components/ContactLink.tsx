// An e-mail address or phone number as a link to write or call, or plain text once the
// customer is erased (rule: erasure): "[raderad]" is nobody's address.
import { ERASED } from '../../domain/customers/personalData.js';

export function ContactLink({ scheme, value }: { scheme: 'mailto' | 'tel'; value: string }) {
  if (value === ERASED) return <>{value}</>;
  return <a href={`${scheme}:${value}`}>{value}</a>;
}
