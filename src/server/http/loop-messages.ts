/**
 * User-facing server messages of the e-mail loops (sightings page, reminder e-mails), in one
 * place so they can be translated (issue 11).
 */
export const SIGHTINGS_LINK_INVALID = 'This sightings link is not valid or has expired. Open the link in the latest e-mail about your pet.';
export const REMINDER_DATE_INVALID = 'Please choose a valid date';
