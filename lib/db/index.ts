export { defaultDatabaseUrl, getStore, openStore, setStore, type Store } from './client';
export { consumeCaptcha, countBookings, getRequest, listRequests, storeRequest, type NewRequest, type NewUpload, type SlotBooking, type StoreResult, type StoredRequest } from './requests';
export type { OutboxKind, OutboxRow, RequestRow, UploadRow } from './schema';
export { claimDueJobs, markDelivered, markFailed, outboxCounts } from './outbox';
export {
  bookingsAbout,
  clearLoginFailures,
  consumeOwnerToken,
  createOwnerToken,
  createSession,
  deleteSession,
  getOwnerPasswordHash,
  ownerTokenValid,
  recentLoginFailures,
  recordLoginFailure,
  recordVisit,
  requestsAbout,
  sessionEmail,
  setOwnerPassword,
  visitCounts,
  visitTotals,
} from './owners';
