/**
 * The clinic's contact settings (issue 33): SaveClinicContact's body, shared by the Staff tab's form and the server.
 * The e-mail is where owners' replies to the clinic's e-mails go (their Reply-To): empty, or one deliverable address;
 * the phone is printed on its e-mails and printouts.
 */
import * as yup from 'yup';
import { deliverableAddress, EMAIL_ADDRESS_MAX } from '#shared/email-address';
import { optionalText, PET_FORM_MAX } from '#shared/forms/pet-form';
import { payloadForm } from '#shared/forms/payload-form';

export const clinicContactSchema = yup.object({
  /** `contactVersion` of GetVetClinic; missing: saved without the check */
  version: yup
    .number()
    .typeError('validation.invalidValue')
    .integer('validation.invalidValue')
    .min(1, 'validation.invalidValue')
    .max(2147483647, 'validation.invalidValue')
    .optional(),
  phone: optionalText(PET_FORM_MAX.ownerPhoneForVet),
  email: optionalText(EMAIL_ADDRESS_MAX).test(
    'deliverable',
    'staff:validation.emailInvalid',
    (v) => v === '' || deliverableAddress(v) !== null,
  ),
});

export type ClinicContactValues = yup.InferType<typeof clinicContactSchema>;

/** SaveClinicContact's JSON body. */
export const saveClinicContactForm = payloadForm(clinicContactSchema);
