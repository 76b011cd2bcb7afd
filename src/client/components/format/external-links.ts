/** Link helpers for the detail pages (SPEC.md §2 "Provider detail pages"). */

/** "https://" is prefixed when the value lacks http (http:// and https:// values are kept); blank stays "". */
export function withHttps(value: string | null | undefined): string {
  const url = value?.trim() ?? '';
  if (url === '') return '';
  return /^http/i.test(url) ? url : `https://${url.replace(/^\/+/, '')}`;
}

/** The digits of a phone number ("+1 (555) 010-0200" → "15550100200"). */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** WhatsApp chat link on the phone's digits; "" when there are none. */
export function whatsappUrl(phone: string | null | undefined): string {
  const digits = phoneDigits(phone);
  return digits ? `https://wa.me/${digits}` : '';
}

/** tel: link keeping a leading + and the digits; "" when there are none. */
export function telUrl(phone: string | null | undefined): string {
  const raw = phone?.trim() ?? '';
  const digits = phoneDigits(raw);
  return digits ? `tel:${raw.startsWith('+') ? '+' : ''}${digits}` : '';
}
