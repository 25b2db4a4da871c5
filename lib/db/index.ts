export { defaultDatabaseUrl, getStore, openStore, setStore, type Store } from './client';
export { pruneExpired, startHousekeeping, type PruneCounts } from './housekeeping';
export {
  consumeCaptcha,
  countBookings,
  countSlotBookingsOf,
  getRequest,
  listRequests,
  storeRequest,
  type FriendLimits,
  type NewRequest,
  type NewsletterConfirmation,
  type NewUpload,
  type SlotBooking,
  type StoreGuards,
  type StoreResult,
  type StoredRequest,
} from './requests';
export { confirmNewsletterSignup, newsletterSignupState, type ConfirmResult, type SignupState } from './newsletter';
export type { OutboxKind, OutboxRow, OwnerResetPayload, RequestRow, UploadRow } from './schema';
export { claimDueJobs, enqueueJob, hasUnreachableJobs, makeUnreachableJobsDue, markDelivered, markFailed } from './outbox';
export {
  bookingsAbout,
  clearLoginFailures,
  consumeOwnerToken,
  createOwnerToken,
  createSession,
  deleteSession,
  getOwnerPasswordHash,
  ownerAccess,
  ownerRevoked,
  reinstateOwner,
  revokeOwnerAccess,
  recentLoginFailures,
  recordLoginFailure,
  recordVisit,
  requestsAbout,
  sessionEmail,
  setOwnerPassword,
  upgradeOwnerPasswordHash,
  visitCounts,
  visitTotals,
  type OwnerAccess,
} from './owners';
