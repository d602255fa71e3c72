// The session module's front door: sign-in sessions (tokens), their current company and their end.
export {
  clearCompanyFromSessions,
  countActiveSessions,
  createSession,
  hashToken,
  lookupSession,
  purgeEndedSessions,
  revokeOtherSessions,
  revokeSession,
  setSessionCompany,
  type ActiveSession,
  type RevokeReason,
  type SessionLookup,
} from './session.service.ts';
