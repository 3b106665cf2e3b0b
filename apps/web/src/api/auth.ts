import { api, settle } from './http';
import type { LoginResponse, MessageResponse } from './types';

export interface Credentials {
  email: string;
  password: string;
}

export async function signup(body: Credentials): Promise<MessageResponse> {
  return (await settle(api.POST('/api/signup/', { body }))) ?? {};
}

export async function verifyOtp(body: { email: string; otp: string }): Promise<MessageResponse> {
  return (await settle(api.POST('/api/verify-otp/', { body }))) ?? {};
}

export function login(body: Credentials): Promise<LoginResponse | undefined> {
  return settle(api.POST('/api/login/', { body }));
}

export async function requestPasswordReset(body: { email: string }): Promise<MessageResponse> {
  return (await settle(api.POST('/api/request-password-reset/', { body }))) ?? {};
}

/** The two-step forgot-password flow sends the new password as `new_password`. */
export async function resetPassword(body: { email: string; otp: string; new_password: string }): Promise<MessageResponse> {
  return (await settle(api.POST('/api/reset-password/', { body }))) ?? {};
}

/** The alternate reset form sends the new password as `password`. */
export async function resetPasswordWithOtp(body: { email: string; otp: string; password: string }): Promise<MessageResponse> {
  return (await settle(api.POST('/api/reset-password/', { body }))) ?? {};
}
