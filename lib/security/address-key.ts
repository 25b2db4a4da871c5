import { domainToASCII } from 'node:url';

/*
 * One mailbox, however its address is typed: every per-address rule (the visitor's copy once a
 * day, the confirmations, the refusals, send-to-friend's recipient limit) counts this key, so that
 * case, `+tags` and Gmail's ignored dots cannot each start a count of their own. The address the
 * visitor typed is still the one stored and mailed.
 */

/** Gmail delivers a.b@ and ab@ to one mailbox, and googlemail.com is the same service. */
const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

export function addressKey(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address.toLowerCase();
  let local = address.slice(0, at).toLowerCase();
  const typedDomain = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  // ÉCOLE.be and xn--cole-9oa.be are one domain; a domain Node cannot convert stays as typed.
  const domain = domainToASCII(typedDomain) || typedDomain;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (gmailDomains.has(domain)) return `${local.replace(/\./g, '')}@gmail.com`;
  return `${local}@${domain}`;
}
