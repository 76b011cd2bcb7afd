/**
 * User-facing messages the server adds for bad input and throttling, in one module so they can be
 * translated later (issue 11). `{field}` is replaced by the name of the offending field.
 */
export const MESSAGES = {
  numberOutOfRange: 'Invalid value ({field}): a number must be finite and between -2147483648 and 2147483647.',
  textWithNul: 'Invalid value ({field}): text may not contain NUL characters.',
  textTooLong: 'Invalid value ({field}): the text is too long.',
  malformedMultipart: 'Malformed multipart request: the body is not complete multipart form data.',
  tooManyFailedLookups: 'Too many pets not found from your address. Please try again later.',
  tooManyTokenAttempts: 'Too many attempts with links from your address. Please try again later.',
} as const;

/** A message with its {field} placeholder filled in (control characters removed from the name). */
export function withField(message: string, field: string): string {
  // eslint-disable-next-line no-control-regex
  const name = field.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 80) || 'request';
  return message.replace('{field}', name);
}
