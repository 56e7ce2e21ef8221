/**
 * The signed-in user and the columns it is read from, apart from the session plugin so that the API token
 * lookup (modules/api-tokens) selects the same columns without importing the plugin that calls it.
 */
import { schema } from '@app/db';

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

/** The columns of `users` a SessionUser is made of (the session and API token lookups select the same). */
export const SESSION_USER_COLUMNS = {
  id: schema.users.id,
  username: schema.users.username,
  email: schema.users.email,
  isAdmin: schema.users.isAdmin,
  inventoryUser: schema.users.inventoryUser,
  orderUser: schema.users.orderUser,
  submissionUser: schema.users.submissionUser,
  debugMode: schema.users.debugMode,
};
