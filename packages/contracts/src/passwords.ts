import { z } from 'zod';

/**
 * The one password rule, for every place a password is set (reset link, Change Password, the admin's user
 * editor, ADMIN_PASSWORD) and for login. A password may not begin or end with whitespace: such a space is
 * invisible in the field, is almost always pasted by accident, and login trims both fields. With the rule,
 * trimming at login never changes a password that could have been set, so what is typed and what is
 * stored always agree. Spaces inside a password (pass phrases) are kept as typed.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any pass phrase or password manager; bounds the work a single login can cause. */
export const PASSWORD_MAX_LENGTH = 1024;

export const PASSWORD_RULE_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_EDGE_SPACE_MESSAGE = 'Password cannot begin or end with a space';
/** Shown under a new-password field. */
export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters, with no space at the start or end.`;

/** The first rule a new password breaks, or undefined when it may be set. */
export function passwordProblem(password: string): string | undefined {
  if (password !== password.trim()) return PASSWORD_EDGE_SPACE_MESSAGE;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_RULE_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return undefined;
}

/** A password being set. Never trimmed: a bad one is refused with the reason, not silently changed. */
export const ZNewPasswordSchema = z.string().superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A password typed to sign in: trimmed like the username (lossless, see above), required, bounded. */
export const ZLoginPasswordSchema = z
  .string()
  .trim()
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);
