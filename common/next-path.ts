/** The longest way back a sign-in carries. */
export const NEXT_PATH_MAX = 500;

/**
 * Where a person goes after signing in (`?next=` on /login and /onboarding, and in the e-mail link): a path on this
 * site, or null. Only same-origin relative paths pass: one leading slash, then no second slash or backslash at the
 * start (`//evil.example`, `/\evil.example` lead to other hosts), no scheme (`https://…`, `javascript:…`), no control
 * characters or spaces, at most NEXT_PATH_MAX characters. The sign-in pages themselves are not a way back.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_PATH_MAX) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters, spaces and backslashes anywhere: browsers read a backslash as a slash.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  const path = value.split(/[?#]/)[0].toLowerCase();
  if (path === '/' || path === '/login' || path.startsWith('/login/') || path === '/onboarding' || path.startsWith('/onboarding/')) return null;
  return value;
}
