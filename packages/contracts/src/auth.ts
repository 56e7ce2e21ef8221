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
export type FlagText = 'True' | 'False';

export interface CurrentUser {
  userId: number;
  username: string;
  role: 'Admin' | 'User';
  inventoryUser: FlagText;
  orderUser: FlagText;
  submissionUser: FlagText;
  debugMode: FlagText;
}

export interface MessageResponse {
  message: string;
}
