import { z } from 'zod';
import { ZLoginPasswordSchema, ZNewPasswordSchema } from './passwords';

export const ZLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: ZLoginPasswordSchema,
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** POST /auth/reset-password takes the bare username as a JSON string (docs/behaviour/accounts-and-sign-in.md#forgot-password-and-reset). */
export const ZResetPasswordRequestSchema = z.string().trim().min(1, 'Username is required');

export const ZResetPasswordConfirmSchema = z.object({
  token: z.string().min(20, 'The reset link is not valid'),
  newPassword: ZNewPasswordSchema,
});
export type TResetPasswordConfirm = z.infer<typeof ZResetPasswordConfirmSchema>;

/** Flags arrive as the text "True" when set (docs/behaviour/accounts-and-sign-in.md#roles-and-flags). */
export const ZFlagTextSchema = z.enum(['True', 'False']);
export type FlagText = z.infer<typeof ZFlagTextSchema>;

export const ZCurrentUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  role: z.enum(['Admin', 'User']),
  inventoryUser: ZFlagTextSchema,
  orderUser: ZFlagTextSchema,
  submissionUser: ZFlagTextSchema,
  debugMode: ZFlagTextSchema,
});
export type CurrentUser = z.infer<typeof ZCurrentUserSchema>;

export const ZMessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof ZMessageResponseSchema>;
