import { describe, expect, it } from 'vitest';
import { phoneDigits, telUrl, whatsappUrl, withHttps } from '#client/components/format/external-links';

describe('withHttps', () => {
  it('prefixes https:// when the value lacks http', () => {
    expect(withHttps('instagram.com/happypaws')).toBe('https://instagram.com/happypaws');
    expect(withHttps('www.example.com')).toBe('https://www.example.com');
    expect(withHttps('//cdn.example.com')).toBe('https://cdn.example.com');
  });
  it('keeps http and https values as they are', () => {
    expect(withHttps('https://example.com')).toBe('https://example.com');
    expect(withHttps('http://example.com')).toBe('http://example.com');
    expect(withHttps('HTTPS://EXAMPLE.COM')).toBe('HTTPS://EXAMPLE.COM');
  });
  it('leaves blank values blank', () => {
    expect(withHttps('')).toBe('');
    expect(withHttps('   ')).toBe('');
    expect(withHttps(null)).toBe('');
  });
});

describe('phone links', () => {
  it('keeps only the digits for WhatsApp', () => {
    expect(phoneDigits('+1 (555) 010-0200')).toBe('15550100200');
    expect(whatsappUrl('+34 600 12 34 56')).toBe('https://wa.me/34600123456');
    expect(whatsappUrl('n/a')).toBe('');
    expect(whatsappUrl(null)).toBe('');
    expect(whatsappUrl('(555) 010-0200')).toBe('https://wa.me/5550100200');
    expect(whatsappUrl('call us')).toBe('');
  });
  it('builds tel: links with the leading plus', () => {
    expect(telUrl('+1 (555) 010-0200')).toBe('tel:+15550100200');
    expect(telUrl('555 0100')).toBe('tel:5550100');
    expect(telUrl('')).toBe('');
  });
});
