import { z } from 'zod';
import { ORDER_TRACKING_COLUMN_KEYS } from './columns';
import { ORDER_GRID_COLUMN_IDS, type OrderGridColumnId } from './order-export';
import { ZNewPasswordSchema } from './passwords';

const id = z.coerce.number().int().nonnegative();

export const ZUserInfoSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdOn: z.string(),
});
export type UserInfo = z.infer<typeof ZUserInfoSchema>;

/** The answer of POST /api/accounts/update/user-info. */
export const ZUpdatedUserInfoSchema = ZUserInfoSchema.pick({ email: true, firstName: true, lastName: true });

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

export const ZColumnOrderSchema = z
  .array(z.enum(ORDER_GRID_COLUMN_IDS as [OrderGridColumnId, ...OrderGridColumnId[]]))
  .max(ORDER_GRID_COLUMN_IDS.length)
  .refine((ids) => new Set(ids).size === ids.length, 'Each column can appear only once');

export const ZOrderTrackingSettingsSchema = z.object({
  id: z.coerce.number().int().nonnegative().nullish(),
  userId: z.coerce.number().int().positive().nullish(),
  // Unknown keys (id, userOrderTrackingViewSettingsId) are dropped rather than refused: the spec's
  // client may echo them back inside the map.
  enabledColumns: ZEnabledColumnsSchema,
  /**
   * The grid's column order, beyond the spec (docs/behaviour/order-tracking.md#column-order): the ids in screen
   * order, each at most once. Left out, the order already saved stays; [] goes back to the spec's order.
   */
  columnOrder: ZColumnOrderSchema.optional(),
});
export type TOrderTrackingSettings = z.infer<typeof ZOrderTrackingSettingsSchema>;

export const ZOrderTrackingSettingsResponseSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  enabledColumns: z.record(z.enum(ORDER_TRACKING_COLUMN_KEYS), z.boolean()),
  /** [] while the spec's order applies; the server always sends it, the spec's own clients ignore it. */
  columnOrder: z
    .array(z.enum(ORDER_GRID_COLUMN_IDS as [OrderGridColumnId, ...OrderGridColumnId[]]))
    .optional(),
});
export type OrderTrackingSettings = z.infer<typeof ZOrderTrackingSettingsResponseSchema>;

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

export const ZUserSchema = ZUserInfoSchema.extend({
  isAdmin: z.boolean(),
  inventoryUser: z.boolean(),
  orderUser: z.boolean(),
  submissionUser: z.boolean(),
  sendNotificationsToEmail: z.boolean(),
  activeStatus: z.boolean(),
  debugMode: z.boolean(),
});
export type User = z.infer<typeof ZUserSchema>;

export const ZSaveUserResponseSchema = z.object({
  user: ZUserSchema,
  /** Set when the new user was sent (or could not be sent) a link to choose their password. */
  notice: z.string().optional(),
});
export type SaveUserResponse = z.infer<typeof ZSaveUserResponseSchema>;
