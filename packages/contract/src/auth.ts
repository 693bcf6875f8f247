/** Grant types of `POST /api/bl-auth/token` (spec 01 §7). */
export const grantTypes = [
  'password',
  'captcha',
  'refresh_token',
  'social',
  'phone',
  'dynamic_code',
  'domain',
] as const;
export type GrantType = (typeof grantTypes)[number];

/** The token answer (ARCHITECTURE.md "API contract"), camelCase. */
export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  tokenType: 'bearer';
  expiresIn: number;
  userId: string;
  tenantId: string;
  oauthId: string;
  account: string;
  userName: string;
  avatar: string;
  authority: string;
  roleName: string;
  openCodeCheck: string;
  /** With openCodeCheck "1": what the `dynamic_code` grant exchanges, with the code, for tokens. */
  codeChallenge?: string;
  /** With openCodeCheck "1": the phone the code went to, masked. */
  codePhone?: string;
  /**
   * Not SpringBlade's: true when the password is one others know (the demo `admin`, the default
   * one of a new tenant or a reset); the web app asks for a new one before anything else, and
   * the server refuses other calls until it is changed.
   */
  passwordChangeDue?: boolean;
}

/** `GET {base}/user/getUserInfo`. */
export interface UserInfo {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  deptId: string;
  postId: string;
  roleId: string;
  roleName: string;
  roles: string[];
}

/**
 * Role aliases SpringBlade treats as all-powerful (spec 01 §6). Here a role's power comes from
 * a flag only the system sets; these aliases are reserved for the tenant's administrator role
 * so that no other role can look like it (ADR 0009, "Who may grant what").
 */
export const reservedRoleAliases = ['administrator', 'admin'] as const;
/**
 * The button behind the home page's figures (`GET /api/bl-system/statistics`): they count the
 * tenant's accounts and sign-ins, so whoever may list users sees them.
 */
export const statisticsButton = 'user_view';
/** The button-permission wildcard (spec 01 §6). */
export const permissionWildcard = '*:*:*';

/** Headers of the SpringBlade contract. */
export const authHeaders = {
  client: 'authorization',
  token: 'blade-auth',
  tenant: 'tenant-id',
} as const;

/** The default tenant: the operator's own. */
export const defaultTenantId = '000000';
