/**
 * Messages shared by the server (error bodies) and the web app (form errors, modal).
 * Placeholders use i18next's {{name}} syntax. Every language must have every key: the
 * `MessageCatalog` type makes a missing key a type error.
 */
export const en = {
  validation: {
    forbiddenCharacters: 'Contains one or more forbidden characters',
    forbiddenCharacter: 'The character “{{character}}” can’t be used here',
    maxLength: 'Should be at most {{length}} characters',
    minLength: 'Should be at least {{length}} characters',
    required: 'The field is required',
    email: 'The field must be a valid email',
    password: 'Invalid password',
    digitsOnly: 'Only digits are allowed',
    codeLength: 'The code has {{length}} digits',
    duplicateDefinition: 'This definition is already in the list',
    definitionsRequired: 'Add at least one definition',
    tooManyDefinitions: 'A word can have at most {{count}} definitions',
    tooManyExamples: 'A word can have at most {{count}} examples',
    duplicateExample: 'This example is already in the list',
    policiesRequired: 'All policies should be accepted',
    invalidValue: 'Invalid value',
    unknownLanguage: 'Choose a language from the list',
    invalidFile: 'The file could not be read. Check its format',
    duplicateTermInFile: 'The same term as on line {{line}}; skipped',
    termExists: 'Already in this dictionary; skipped',
    overWordLimit: 'Over the limit of {{limit}} words per dictionary',
    retentionRange: 'Choose a desired retention between {{min}}% and {{max}}%',
    leechThresholdRange: 'Choose a leech threshold between {{min}} and {{max}} lapses',
    invalidDate: 'Enter a valid date',
    timeZone: 'Choose a time zone from the list',
    dailyGoalRange: 'Choose a daily goal between {{min}} and {{max}} words',
    reminderTime: 'Enter a time as HH:MM, from 00:00 to 23:59',
  },
  apiErrors: {
    VALIDATION_ERROR: 'Some fields are not filled in correctly',
    BAD_REQUEST: 'The request could not be understood',
    UNAUTHORIZED: 'Please sign in to continue',
    FORBIDDEN: 'You do not have access to this',
    ROLE_NOT_ALLOWED: 'This is not available for your account',
    BAD_ORIGIN: 'The request came from another site and was refused',
    NOT_FOUND: 'Not found',
    ROUTE_NOT_FOUND: 'This address does not exist',
    PAYLOAD_TOO_LARGE: 'The request is too large',
    TOO_MANY_REQUESTS: 'Too many attempts. Please try again in {{seconds}} seconds',
    EMAIL_TAKEN: 'An account with this email already exists',
    SIGNUP_CLOSED: 'This server does not take new accounts. If you already have one, sign in',
    INVITE_REQUIRED: 'Sign-up on this server is by invitation. Enter your invite code',
    INVITE_INVALID: 'This invite code does not work: it is wrong, already used or expired',
    GUESTS_CLOSED: 'This server does not offer guest access. Sign in or sign up',
    INVALID_CREDENTIALS: 'Wrong email or password',
    INCORRECT_CODE: 'Incorrect verification code',
    CODE_EXPIRED: 'The code has expired. Please request a new one',
    ALREADY_VERIFIED: 'Your email is already verified',
    INVALID_GOOGLE_TOKEN: 'Google sign-in failed. Please try again',
    GOOGLE_ALREADY_LINKED:
      'This Google account already belongs to another Wordhoard account. Use another Google account, or sign up with your email',
    GOOGLE_UNAVAILABLE: 'Google sign-in is not available',
    CURRENT_PASSWORD_REQUIRED: 'Enter your current password to confirm',
    WRONG_CURRENT_PASSWORD: 'The current password is wrong',
    GOOGLE_CONFIRMATION_REQUIRED: 'Sign in with Google again to confirm',
    GOOGLE_CONFIRMATION_FAILED:
      'Google could not confirm that it is you. Sign in again with the Google account you use for Wordhoard',
    DELETION_CONFIRMATION_REQUIRED: 'Confirm that you want to delete your account',
    MAX_DICTIONARIES: 'For the "{{role}}" role, the maximum number of dictionaries is set to {{limit}}',
    MAX_WORDS: 'You already have max number of words',
    DUPLICATE_TERM: 'The term "{{term}}" is already in this dictionary',
    MAX_TESTS: 'The maximum testing attempts for today is reached',
    EMPTY_TEST: 'No words match these options',
    NO_ACTIVE_TEST: 'There is no test in progress',
    NOT_ENOUGH_REVIEWS: 'Personal parameters need at least {{min}} reviews; you have {{reviews}} so far',
    WORD_NOT_CURRENT: 'This answer is not for the current word of your test',
    WORD_CHANGED:
      'This word was changed elsewhere in the meantime. Reload it to see the changes, then edit again',
    NOT_OVERRIDABLE:
      'This answer can no longer be accepted: it was not graded wrong, it was already accepted, or the word has moved on',
    TRANSLATION_UNAVAILABLE: 'Translation is not available right now',
    PAYMENTS_UNAVAILABLE: 'Payments are not available right now',
    PUSH_UNAVAILABLE: 'Push notifications are not available on this server',
    PUSH_ENDPOINT_NOT_ALLOWED: 'This server does not send notifications through this browser’s push service',
    ALREADY_PREMIUM: 'You already have Premium',
    NO_SUBSCRIPTION: 'You have no subscription',
    PAYMENT_IN_PROGRESS:
      'Your previous payment request is still being processed. Please wait a moment and try again',
    PAYMENT_PROVIDER_ERROR: 'The payment service could not complete the request. Please try again later',
    UPSTREAM_ERROR: 'A service we rely on did not answer properly. Please try again later',
    INVALID_SIGNATURE: 'Invalid signature',
    INVALID_ANKI_PACKAGE:
      'This is not an Anki package (.apkg) we can read. Export the deck from Anki again and retry',
    ANKI_PACKAGE_TOO_COMPLEX:
      'This package is too large to read here (at most {{notes}} notes, read within {{seconds}} s). Split the deck in Anki and import the parts one by one',
    UNSUPPORTED_MEDIA_TYPE: 'This type of file is not accepted here. Use one of: {{types}}',
    INVALID_PICTURE: 'This picture could not be read. Upload a JPEG, PNG, WebP or AVIF image',
    PICTURE_TOO_LARGE:
      'This picture has too many pixels to process (at most {{megapixels}} megapixels in this format). Make it smaller and try again',
    INVALID_AUDIO: 'This recording could not be read. Record it again or upload another audio file',
    AUDIO_TOO_LONG: 'A recording can be at most {{seconds}} seconds long',
    MEDIA_QUOTA_EXCEEDED:
      'Not enough room for this file: your pictures and recordings may take up to {{quota}} MB. Remove some and try again',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly',
    INTERNAL_ERROR: 'Something went wrong on our side. Please try again',
  },
  /** A wait longer than 90 s reads in minutes (rounded up; always 2 or more). */
  waits: {
    TOO_MANY_REQUESTS_MINUTES: 'Too many attempts. Please try again in {{minutes}} minutes',
  },
  /** The push reminder (apps/server/src/features/reminders/push.service.ts); one body per plural form. */
  push: {
    reminderTitle: 'Time to review your words',
    reminderBody_one: '{{count}} word is waiting for review',
    reminderBody_few: '{{count}} words are waiting for review',
    reminderBody_many: '{{count}} words are waiting for review',
    reminderBody_other: '{{count}} words are waiting for review',
  },
};

type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
export type MessageCatalog = Catalog<typeof en>;
