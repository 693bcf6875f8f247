/** The auth module's public entry: what other modules and the composition root may use of it. */
export { type AttemptCounter, databaseCounter, redisCounter, spendAllowance } from './address-limit.ts';
export { type CodeSender, logSender, webhookSender } from './codes.ts';
export { registerTokenGuard } from './guard.ts';
export { clearPasswordDue, markPasswordDue } from './password-due.ts';
export { hashPassword, passwordDigest, verifyPassword } from './passwords.ts';
export {
  revokeOnUserChange,
  revokeRoleHolders,
  revokeSessions,
  revokeTenantSessions,
  revokeUserSessions,
} from './revocation.ts';
export { requireActiveTenant } from './sign-in.ts';
export { httpSocialClient, type SocialClient } from './social.ts';
export { TokenService } from './tokens.ts';
