import { describe, expect, it } from 'vitest';
import { telLink, whatsAppLink } from '#client/features/support/contact-links';

describe('support contact links', () => {
  it('builds the WhatsApp link from the digits only', () => {
    expect(whatsAppLink('+1 555 0100 200')).toBe('https://wa.me/15550100200');
    expect(whatsAppLink('(555) 010-0200')).toBe('https://wa.me/5550100200');
    expect(whatsAppLink('call us')).toBeNull();
  });

  it('keeps the leading + in tel: links', () => {
    expect(telLink('+1 555 0100 200')).toBe('tel:+15550100200');
    expect(telLink('555-0100')).toBe('tel:5550100');
  });
});
