import { z } from 'zod'
import type { Translate } from './i18n/catalogues'

/**
 * Form rules of SPEC.md section 5 with their exact messages. The renderer's forms and the
 * server's request validation both use these schemas, so a rule is written once.
 */
export const MIN_PASSWORD_LENGTH = 6
export const MIN_LOGIN_IDENTIFIER_LENGTH = 3

/** Upper bounds keep a single request cheap (a password is hashed, text is indexed). */
export const MAX_NAME_LENGTH = 100
export const MAX_EMAIL_LENGTH = 254
export const MAX_PHONE_LENGTH = 40
export const MAX_PASSWORD_LENGTH = 1024

/**
 * Control characters (Unicode Cc: C0, DEL, C1) and invisible format characters (Cf: zero-width
 * spaces and joiners, bidi overrides, soft hyphens) have no place in a name: they make
 * `root\u200badmin` look like `rootadmin` or reverse what an administrator reads. PostgreSQL
 * refuses NUL outright.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}]/u

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control or invisible formatting characters`

/** Trimmed and NFC-normalised, so that one name has one spelling whatever keyboard typed it. */
function requiredText(required: string, max: number, label: string) {
  return z
    .string({ error: required })
    .trim()
    .normalize('NFC')
    .min(1, { error: required })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: controlCharactersMessage(label),
    })
}

const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .normalize('NFC')
  .min(1, { error: 'Email is required' })
  .max(MAX_EMAIL_LENGTH, { error: `Email must be at most ${MAX_EMAIL_LENGTH} characters` })
  .refine((value) => !CONTROL_CHARACTERS.test(value), {
    error: controlCharactersMessage('Email'),
  })
  .pipe(z.email({ error: 'Please enter a valid email address' }))

/** A password the server accepts as new. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, {
    error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  })

/** A username as login and links use it: letters, digits and `.` `_` `-` `@`, nothing else. */
export const MIN_USERNAME_LENGTH = 3
export const MAX_USERNAME_LENGTH = 64
const USERNAME_CHARACTERS = /^[\p{L}\p{Nd}._@-]*$/u

/** A phone number a person can dial: digits, an optional leading +, and the usual separators. */
export const MIN_PHONE_DIGITS = 7
export const MAX_PHONE_DIGITS = 20
const PHONE_CHARACTERS = /^\+?[0-9 ()-]*$/

const usernameRule = z
  .string()
  .min(MIN_USERNAME_LENGTH, {
    error: `Username must be ${MIN_USERNAME_LENGTH} to ${MAX_USERNAME_LENGTH} characters`,
  })
  .max(MAX_USERNAME_LENGTH, {
    error: `Username must be ${MIN_USERNAME_LENGTH} to ${MAX_USERNAME_LENGTH} characters`,
  })
  .regex(USERNAME_CHARACTERS, {
    error: 'Username may contain only letters, digits and . _ - @',
  })

const phoneNumberRule = z
  .string()
  .regex(PHONE_CHARACTERS, {
    error: 'Phone number may contain only digits, spaces, - ( ) and a leading +',
  })
  .refine(
    (value) => {
      const digits = value.replace(/\D/g, '').length
      return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS
    },
    { error: `Phone number must have ${MIN_PHONE_DIGITS} to ${MAX_PHONE_DIGITS} digits` },
  )

/**
 * A field held to `rule` when it gets a new value. `kept` is the value already stored: a user
 * saved before the rule existed still opens, and can be corrected field by field, without
 * being refused for a field nobody touched.
 */
function ruledText(
  base: z.ZodType<string, string>,
  rule: z.ZodType<string, string>,
  kept?: string | null,
) {
  return base.superRefine((value, context) => {
    if (value === kept) return
    const checked = rule.safeParse(value)
    if (!checked.success)
      context.addIssue({ code: 'custom', message: checked.error.issues[0]!.message })
  })
}

const usernameText = () => requiredText('Username is required', MAX_NAME_LENGTH, 'Username')
const phoneNumberText = () =>
  requiredText('Phone number is required', MAX_PHONE_LENGTH, 'Phone number')

const profileFields = {
  username: usernameText(),
  email: emailAddress,
  firstName: requiredText('First name is required', MAX_NAME_LENGTH, 'First name'),
  lastName: requiredText('Last name is required', MAX_NAME_LENGTH, 'Last name'),
  phoneNumber: phoneNumberText(),
}

/** Add New User modal and POST /api/admin/users: every value is new. Values come out trimmed. */
export const createUserSchema = z.object({
  ...profileFields,
  username: ruledText(usernameText(), usernameRule),
  phoneNumber: ruledText(phoneNumberText(), phoneNumberRule),
  password: newPasswordSchema,
})

/**
 * The shape of PUT /api/admin/users/{id}. The username and phone rules apply only to a value
 * that changes: see profileUpdateSchema.
 */
export const updateUserSchema = z.object(profileFields)

/**
 * A user's profile edit against the stored `before`: the User Details form and the server's
 * PUT both check it, so a changed username or phone number meets today's rules while an
 * unchanged old one stays as it is.
 */
export function profileUpdateSchema(before: { username: string; phoneNumber: string | null }) {
  return z.object({
    ...profileFields,
    username: ruledText(usernameText(), usernameRule, before.username),
    phoneNumber: ruledText(phoneNumberText(), phoneNumberRule, before.phoneNumber),
  })
}

/** A password as the console's forms ask for it, in the administrator's language. */
const passwordField = (t: Translate) =>
  z
    .string({ error: t('passwords.passwordRequired') })
    .min(1, { error: t('passwords.passwordRequired') })
    .min(MIN_PASSWORD_LENGTH, { error: t('passwords.tooShort', { min: MIN_PASSWORD_LENGTH }) })

/**
 * Login form (client side only: the server answers a wrong password, not a short one), with
 * `t`'s texts: the forms' rules below speak the administrator's language.
 */
export const loginFormSchema = (t: Translate) =>
  z.object({
    username: z
      .string({ error: t('passwords.identifierRequired') })
      .trim()
      .min(1, { error: t('passwords.identifierRequired') })
      .min(MIN_LOGIN_IDENTIFIER_LENGTH, {
        error: t('passwords.tooShort', { min: MIN_LOGIN_IDENTIFIER_LENGTH }),
      }),
    password: passwordField(t),
  })

/**
 * "Confirm it's you" before a dangerous change (issue 30): the password, and a code when the
 * user has a second factor enrolled. Client side only: the server answers a wrong one.
 */
export const confirmIdentityFormSchema = (t: Translate, askCode: boolean) =>
  z.object({
    password: z
      .string({ error: t('passwords.passwordRequired') })
      .min(1, { error: t('passwords.passwordRequired') }),
    code: askCode
      ? z
          .string({ error: t('passwords.codeRequired') })
          .trim()
          .min(1, { error: t('passwords.codeRequired') })
      : z.string().optional(),
  })

/** A new password twice, with the Reset Password texts: every form that sets one asks so. */
const newPasswordFields = (t: Translate) => ({
  newPassword: passwordField(t),
  confirmPassword: z
    .string({ error: t('passwords.confirmRequired') })
    .min(1, { error: t('passwords.confirmRequired') }),
})

/** A mismatch is only worth saying once both fields hold something. */
const passwordsMatch = <Form extends { newPassword: string; confirmPassword: string }>(
  t: Translate,
  schema: z.ZodType<Form>,
) =>
  schema.refine(
    (form) =>
      !form.newPassword || !form.confirmPassword || form.newPassword === form.confirmPassword,
    { path: ['confirmPassword'], error: t('passwords.mismatch') },
  )

/** Reset password form; the token comes from the link, the rest from the administrator. */
export const resetPasswordFormSchema = (t: Translate) =>
  passwordsMatch(
    t,
    z.object({
      token: z
        .string()
        .trim()
        .min(1, { error: t('passwords.missingResetToken') }),
      ...newPasswordFields(t),
    }),
  )

/** A new password twice, as the Reset Password form asks for it, with its texts. */
export const choosePasswordFormSchema = (t: Translate) =>
  passwordsMatch(t, z.object(newPasswordFields(t)))

/** Change Password (the signed-in administrator's own): the current one, then a new one twice. */
export const changeOwnPasswordFormSchema = (t: Translate) =>
  passwordsMatch(
    t,
    z.object({
      currentPassword: z
        .string({ error: t('passwords.currentRequired') })
        .min(1, { error: t('passwords.currentRequired') }),
      ...newPasswordFields(t),
    }),
  )

/**
 * PUT /auth/change-password: a new password with either the single-use token of a reset email
 * (or of a sign-in with a temporary password), or, signed in, the current password.
 */
export const changePasswordSchema = z
  .object({
    token: z
      .string({ error: 'Token is required' })
      .trim()
      .min(1, { error: 'Token is required' })
      .optional(),
    currentPassword: z
      .string({ error: 'currentPassword must be text' })
      .min(1, { error: 'currentPassword is required' })
      .max(MAX_PASSWORD_LENGTH, { error: 'currentPassword is too long' })
      .optional(),
    newPassword: newPasswordSchema,
  })
  .refine((body) => (body.token === undefined) !== (body.currentPassword === undefined), {
    path: ['token'],
    error: 'Token is required (or, signed in, currentPassword instead)',
  })

/** Role and group dialogs. */
export const accessNameSchema = requiredText('Name is required', MAX_NAME_LENGTH, 'Name')

/** The Users table must keep at least this many columns visible. */
export const MIN_VISIBLE_COLUMNS = 3

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>

/** First message per field, in the order the rules are declared. */
export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field && !(field in errors)) errors[field] = issue.message
  }
  return errors as FieldErrors<T>
}
