/** A WhatsApp chat link from a phone number's digits only; null when there are none. */
export function whatsAppLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}

/** A tel: link keeping only digits and a leading +. */
export function telLink(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
