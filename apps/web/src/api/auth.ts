import { requestJson } from './http';
import type { LoginResponse, MessageResponse } from './types';

export interface Credentials {
  email: string;
  password: string;
}

export function signup(body: Credentials): Promise<MessageResponse> {
  return requestJson<MessageResponse>('POST', '/api/signup/', body);
}

export function verifyOtp(body: { email: string; otp: string }): Promise<MessageResponse> {
  return requestJson<MessageResponse>('POST', '/api/verify-otp/', body);
}

export function login(body: Credentials): Promise<LoginResponse | undefined> {
  return requestJson<LoginResponse | undefined>('POST', '/api/login/', body);
}

export function requestPasswordReset(body: { email: string }): Promise<MessageResponse> {
  return requestJson<MessageResponse>('POST', '/api/request-password-reset/', body);
}

/** The two-step forgot-password flow sends the new password as `new_password`. */
export function resetPassword(body: { email: string; otp: string; new_password: string }): Promise<MessageResponse> {
  return requestJson<MessageResponse>('POST', '/api/reset-password/', body);
}

/** The alternate reset form sends the new password as `password`. */
export function resetPasswordWithOtp(body: { email: string; otp: string; password: string }): Promise<MessageResponse> {
  return requestJson<MessageResponse>('POST', '/api/reset-password/', body);
}
