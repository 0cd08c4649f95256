/**
 * `scheme://user:password@` (or a malformed `scheme:user:password@`) and `?password=` anywhere in
 * a text, with the password replaced by ***. A password may hold any character but whitespace,
 * "/" and "@" included (a malformed DATABASE_URL is exactly where it would), so the match runs to
 * the last "@" of the word: it may hide more than the password, never less.
 */
const USERINFO = /\b([a-z][a-z0-9+.-]*:(?:\/\/)?[^\s:@/]*):\S*@/gi;
const PASSWORD_PARAMETER = /([?&]password=)[^\s&#"']*/gi;

export function redactCredentials(text: string): string {
  return text.replace(USERINFO, '$1:***@').replace(PASSWORD_PARAMETER, '$1***');
}

/**
 * An error as it may be written out: message and stack redacted, and none of its other
 * properties (a TypeError of `new URL` carries the whole `input`, password and all).
 */
export function redactedError(error: unknown): {
  type: string;
  message: string;
  stack?: string;
  code?: string;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: redactCredentials(String(error)) };
  const code = (error as NodeJS.ErrnoException).code;
  return {
    type: error.name,
    message: redactCredentials(error.message),
    ...(error.stack ? { stack: redactCredentials(error.stack) } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}
