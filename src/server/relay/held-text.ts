/**
 * What the relay holds back of a message from a sender its recipient has not answered yet (docs/decisions/0152):
 * links and phone numbers, the tools of lost-pet scams ("pay the courier here", "call this number"). The recipient
 * reads the message with them replaced by "[…]" until they reply once; the sender always reads their own text.
 */
const LINK =
  /\b(?:https?:\/\/|www\.)[^\s<>"]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|me|ly|app|page|site|online|top|click|link|xyz|shop|live|ru|cn|tk)\b(?:\/[^\s<>"]*)?/gi;
/** 8 to 15 digits, with spaces, dots, dashes or brackets between them, maybe a + or 00 before. */
const PHONE = /(?:\+|\b00)?\d(?:[\s().-]{0,2}\d){7,14}/g;

export function carriesLinksOrPhones(text: string): boolean {
  LINK.lastIndex = 0;
  PHONE.lastIndex = 0;
  return LINK.test(text) || PHONE.test(text);
}

export function withLinksAndPhonesHeld(text: string): string {
  return text.replace(LINK, '[…]').replace(PHONE, '[…]');
}
