import { z } from 'zod';
import { mobile, password, smsCode } from '../validation.ts';
import { merchantSummary } from '../merchant/schemas.ts';

export const SMS_SCENES = ['register', 'bindMobile', 'resetPassword'] as const;
export const smsSendBody = z.strictObject({ mobile, scene: z.enum(SMS_SCENES) });
export const smsSendData = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });

/** `account` is the mobile number or the username. */
export const loginBody = z.strictObject({
  account: z.string().trim().min(1, 'is required').max(64),
  password: z.string().min(1, 'is required').max(128),
});
export const loginData = z.object({ token: z.string(), mchInfo: z.array(merchantSummary) });
export type LoginData = z.infer<typeof loginData>;

export const registerBody = z.strictObject({
  mobile,
  smsCode,
  password,
  /** The user, privacy and risk agreements; the form's checkbox. */
  agreed: z.literal(true, { error: 'the user, privacy and risk agreements must be accepted' }),
});

export const changePasswordBody = z.strictObject({
  oldPassword: z.string().min(1, 'is required').max(128),
  newPassword: password,
});

export const userInfo = z.object({
  userId: z.number().int(),
  mobile: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  role: z.string().nullable(),
  roleName: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const menuLeafData = z.object({ code: z.string(), path: z.string() });
export const menuGroupData = z.object({ code: z.string(), icon: z.string(), children: z.array(menuLeafData) });
export type MenuGroupData = z.infer<typeof menuGroupData>;
export const buttonData = z.object({ code: z.string() });
export type ButtonData = z.infer<typeof buttonData>;

/** `GET /user/getCurrentUser`; `data: null` when not signed in is a normal answer. */
export const currentUserData = z
  .object({
    userInfo,
    menuData: z.array(menuGroupData),
    buttonData: z.array(buttonData),
    /** The current organisation's merchants, as login's mchInfo: refreshed after switching organisation. */
    mchList: z.array(merchantSummary),
  })
  .nullable();
export type CurrentUserData = z.infer<typeof currentUserData>;
