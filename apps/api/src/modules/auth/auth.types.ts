export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}

export interface TokenPayload {
  sub: string;
  ver: number;
}

export interface RequestMeta {
  ip: string | null;
}
