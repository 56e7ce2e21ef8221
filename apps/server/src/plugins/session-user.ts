/**
 * The signed-in user, apart from the session plugin so that the API token lookup (modules/api-tokens) gives
 * the same shape without importing the plugin that calls it. Both read the columns SESSION_USER_COLUMNS of
 * modules/auth/repository.ts names.
 */

/** The signed-in user as loaded from the database on every request: role changes and logouts apply at once. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  inventoryUser: boolean;
  orderUser: boolean;
  submissionUser: boolean;
  debugMode: boolean;
  familyId: string;
  /** The API token of a bearer request (public id and name), so that its changes are audited with it. */
  viaApiToken?: { publicId: string; name: string };
}
