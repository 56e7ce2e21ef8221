import { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from './accounts';

export const ZLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().trim().min(1, 'Password is required'),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** POST /auth/reset-password takes the bare username as a JSON string (spec 1 §7). */
export const ZResetPasswordRequestSchema = z.string().trim().min(1, 'Username is required');

export const ZResetPasswordConfirmSchema = z.object({
  token: z.string().min(20, 'The reset link is not valid'),
  newPassword: z.string().min(8, PASSWORD_RULE_MESSAGE),
});
export type TResetPasswordConfirm = z.infer<typeof ZResetPasswordConfirmSchema>;

/** Flags arrive as the text "True" when set (spec 1 §3). */
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
