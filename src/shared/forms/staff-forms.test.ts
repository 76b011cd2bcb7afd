import { describe, expect, it } from 'vitest';
import { deliverableAddress } from '#shared/email-address';
import { inviteStaffFormSchema } from '#shared/forms/staff-forms';

const invite = (email: string) => ({ name: 'Nia Okoro', email, role: 'nurse' });

describe('inviteStaffFormSchema', () => {
  it('takes an address the server can send the invitation to, trimmed', async () => {
    expect(await inviteStaffFormSchema.validate(invite('  nia.okoro@clinic.example  '))).toEqual(
      invite('nia.okoro@clinic.example'),
    );
  });

  it.each(['nurse@localhost', 'nia okoro@clinic.example', 'a@b.example, c@d.example', '<nia@clinic.example>'])(
    'refuses %s, as the server does, with the form field message',
    async (email) => {
      expect(deliverableAddress(email)).toBeNull();
      await expect(inviteStaffFormSchema.validate(invite(email))).rejects.toThrow('staff:validation.emailInvalid');
    },
  );

  it('asks for an address when there is none', async () => {
    await expect(inviteStaffFormSchema.validate(invite('   '))).rejects.toThrow('staff:validation.emailRequired');
  });
});
