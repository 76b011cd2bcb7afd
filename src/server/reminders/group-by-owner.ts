import { mailboxOf } from '#shared/email-address';

/** A reminder to be e-mailed: which record, the day it is due, and where its owner's e-mail goes. */
export interface ReminderToSend {
  wellnessRecordId: number;
  date: string;
  /** the owner's address, trimmed (usable: checked by the query) */
  recipient: string;
  /** the owner's language when the pet has an owner account with one, else null */
  language: string | null;
}

/** One e-mail: an owner's address and every reminder it covers, in the order given. */
export interface OwnerReminders {
  recipient: string;
  language: string;
  reminders: { wellnessRecordId: number; date: string }[];
}

/**
 * One e-mail per owner (docs/decisions/0111): reminders whose addresses are one mailbox (ignoring
 * case and a "+tag", as the daily cap counts them: mailboxOf) go together, every pet and item of
 * that owner in one message. The language is the first
 * known one of the owner's pets (English when none is known). Groups keep the order of their first
 * reminder. Nothing about the message's headers is decided here (the mail layer builds them).
 */
export function groupRemindersByOwner(reminders: readonly ReminderToSend[]): OwnerReminders[] {
  const groups = new Map<string, OwnerReminders & { languageKnown: boolean }>();
  for (const r of reminders) {
    const key = mailboxOf(r.recipient);
    let group = groups.get(key);
    if (!group) {
      group = {
        recipient: r.recipient,
        language: r.language ?? 'en',
        languageKnown: r.language !== null,
        reminders: [],
      };
      groups.set(key, group);
    } else if (!group.languageKnown && r.language !== null) {
      group.language = r.language;
      group.languageKnown = true;
    }
    group.reminders.push({ wellnessRecordId: r.wellnessRecordId, date: r.date });
  }
  return [...groups.values()].map(({ recipient, language, reminders: items }) => ({
    recipient,
    language,
    reminders: items,
  }));
}
