/** The portal's login form (SPEC.md §2): both fields required. Messages are i18n keys of the `portal` namespace. */
import * as yup from 'yup';

export const loginFormSchema = yup.object({
  username: yup.string().trim().required('login.usernameRequired'),
  password: yup.string().required('login.passwordRequired'),
});
export type LoginFormValues = yup.InferType<typeof loginFormSchema>;
