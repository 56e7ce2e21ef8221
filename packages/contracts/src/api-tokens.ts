import { z } from 'zod';

/**
 * Personal API tokens (docs/behaviour/api-tokens.md): a script's credential for `Authorization: Bearer`.
 * "read" reaches GET calls and the POST calls that change nothing (a search); "read-write" every API call the
 * user may make. Either way the user's own rights, read fresh on every request, are the ceiling.
 */
export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
};

/** Every token starts with this, so secret scanners and the server tell it from other bearer values. */
export const API_TOKEN_PREFIX = 'iot_';

export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX = 100;
/** Live (not revoked, not expired) tokens one user may hold. */
export const API_TOKEN_LIMIT_PER_USER = 50;

export const ZCreateApiTokenSchema = z.object({
  name: z
    .string('Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name is at most ${API_TOKEN_NAME_MAX} characters`),
  expiresInDays: z
    .number('Expiry must be a number of days')
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry is at least 1 day')
    .max(API_TOKEN_MAX_DAYS, `Expiry is at most ${API_TOKEN_MAX_DAYS} days`),
  scope: z.enum(API_TOKEN_SCOPES, 'Scope must be "read" or "read-write"'),
  /**
   * The user's password, checked before a token is minted: a stolen 15-minute session must not become a
   * token of up to a year (docs/behaviour/api-tokens.md#creating-listing-revoking).
   */
  currentPassword: z.string('Current password is required').min(1, 'Current password is required'),
});
export type TCreateApiToken = z.infer<typeof ZCreateApiTokenSchema>;

/** The answer to a create: the token itself appears here once and is never shown again. */
export const ZCreatedApiTokenSchema = z.object({ id: z.number().int(), token: z.string() });
export type CreatedApiToken = z.infer<typeof ZCreatedApiTokenSchema>;

/** A token as listed: never its secret, only the public part that names it (`iot_<id part>`). */
export const ZApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ZApiTokenSchema>;

export const ZApiTokenListSchema = z.array(ZApiTokenSchema);

/** The answer to an admin's "Revoke all API tokens" of a user: how many live tokens it ended. */
export const ZRevokedApiTokensSchema = z.object({ revoked: z.number().int() });
export type RevokedApiTokens = z.infer<typeof ZRevokedApiTokensSchema>;

/** The public part of a token, as lists and the audit log show it: `iot_` and its 12-character public id. */
export function apiTokenPrefix(publicId: string): string {
  return `${API_TOKEN_PREFIX}${publicId}`;
}
