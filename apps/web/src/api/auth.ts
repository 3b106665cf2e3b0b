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

/**
 * Ends the session on the server (the token is revoked there), best effort: the caller clears the local
 * state whatever happens, so an unreachable server never keeps anyone signed in.
 */
export async function endSession(token: string): Promise<void> {
  try {
    await api.POST('/api/logout/', { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // Signed out locally all the same; the token expires on its own.
  }
}
