/**
 * An address mail can go to: one mailbox, nothing a header could read as a second recipient, a
 * name or a comment (no spaces, commas, semicolons, quotes, brackets or angle brackets). People type
 * addresses (clinics their owners', visitors their own): an address is only ever written into a header
 * through this rule, and the public forms check it the same way (src/shared/forms).
 */
export const DELIVERABLE_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const EMAIL_ADDRESS_MAX = 254;

/** The address trimmed, or null when it is not one mailbox we may write into a To header. */
export function deliverableAddress(raw: string | null | undefined): string | null {
  const address = raw?.trim() ?? '';
  return address.length <= EMAIL_ADDRESS_MAX && DELIVERABLE_ADDRESS.test(address) ? address : null;
}

/** One mailbox however it is typed: case, and a "+tag" that delivers to the same mailbox, do not make another. */
export function mailboxOf(address: string): string {
  const [local, domain] = address.toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
}
