import { z } from 'zod';
import { ORDER_TRACKING_COLUMN_KEYS } from './columns';
import { ZNewPasswordSchema } from './passwords';

const id = z.coerce.number().int().nonnegative();

export interface UserInfo {
  userId: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  lastLogin: string | null;
  createdOn: string;
}

export const ZUpdateUserInfoSchema = z.object({
  UserID: id,
  Email: z.string().trim(),
  FirstName: z.string().trim().nullish(),
  LastName: z.string().trim().nullish(),
});
export type TUpdateUserInfo = z.infer<typeof ZUpdateUserInfoSchema>;

export const ZUpdateUsernameSchema = z.object({
  UserID: id,
  OldUsername: z.string().trim().min(1, 'Required'),
  NewUsername: z.string().trim().min(1, 'Username is required').max(100, 'Username is too long'),
});
export type TUpdateUsername = z.infer<typeof ZUpdateUsernameSchema>;

export const ZUpdatePasswordSchema = z.object({
  UserID: id,
  Username: z.string().trim().min(1, 'Required'),
  OldPassword: z.string().min(1, 'Current password is required'),
  NewPassword: ZNewPasswordSchema,
});
export type TUpdatePassword = z.infer<typeof ZUpdatePasswordSchema>;

export const ZEnabledColumnsSchema = z.object(
  Object.fromEntries(ORDER_TRACKING_COLUMN_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
    (typeof ORDER_TRACKING_COLUMN_KEYS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);

export const ZOrderTrackingSettingsSchema = z.object({
  id: z.coerce.number().int().nonnegative().nullish(),
  userId: z.coerce.number().int().positive().nullish(),
  // Unknown keys (id, userOrderTrackingViewSettingsId) are dropped rather than refused: the spec's
  // client may echo them back inside the map.
  enabledColumns: ZEnabledColumnsSchema,
});
export type TOrderTrackingSettings = z.infer<typeof ZOrderTrackingSettingsSchema>;

export interface OrderTrackingSettings {
  id: number;
  userId: number;
  enabledColumns: Record<(typeof ORDER_TRACKING_COLUMN_KEYS)[number], boolean>;
}

/** The admin user editor's form and the body of POST /api/accounts/update/user. */
export const ZUserFormSchema = z.object({
  userId: id.default(0),
  username: z.string().trim().min(1, 'Username is required').max(100, 'Username is too long'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  firstName: z.string().trim().max(100).nullish(),
  lastName: z.string().trim().max(100).nullish(),
  isAdmin: z.boolean().default(false),
  inventoryUser: z.boolean().default(false),
  orderUser: z.boolean().default(true),
  submissionUser: z.boolean().default(false),
  sendNotificationsToEmail: z.boolean().default(false),
  activeStatus: z.boolean().default(false),
  debugMode: z.boolean().default(false),
  // Blank: the user chooses their own through an e-mailed link (create), or it stays as it is (edit).
  password: z.union([z.literal(''), ZNewPasswordSchema]).nullish(),
});
export type TUserForm = z.input<typeof ZUserFormSchema>;
export type TUserFormParsed = z.output<typeof ZUserFormSchema>;

export interface User {
  userId: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  lastLogin: string | null;
  createdOn: string;
  isAdmin: boolean;
  inventoryUser: boolean;
  orderUser: boolean;
  submissionUser: boolean;
  sendNotificationsToEmail: boolean;
  activeStatus: boolean;
  debugMode: boolean;
}

export interface SaveUserResponse {
  user: User;
  /** Set when the new user was sent (or could not be sent) a link to choose their password. */
  notice?: string;
}
