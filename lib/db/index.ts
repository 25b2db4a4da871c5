export { closeStore, defaultDatabaseUrl, getStore, openStore, setStore, type Store } from './client';
export { pruneExpired, startHousekeeping } from './housekeeping';
export { countRateLimitHit } from './limits';
export { deleteUploadContents, readUploadContent, saveUploadContent } from './uploads';
export {
  consumeCaptcha,
  countBookings,
  countSlotBookingsOf,
  getRequest,
  listRequests,
  storeRequest,
  type NewAlertSubscription,
  type NewRequest,
  type NewsletterConfirmation,
  type NewUpload,
  type SlotBooking,
  type StoreGuards,
  type StoredRequest,
  type StoreResult,
  type MailNotSent,
  mailNotSentSchema,
} from './requests';
export { refuseMail } from './refusals';
export { mailboxStanding } from './mailboxes';
export {
  confirmationOfRequest,
  confirmPendingRequests,
  pendingConfirmationsOf,
  recordConfirmationMailed,
  requestLinkState,
  requestOfLink,
  type RequestLinkState,
  type SlotLookup,
} from './request-confirmations';
export { confirmNewsletterSignup, newsletterSignupEmail, newsletterSignupState, type SignupState } from './newsletter';
export type { AlertEventRow, AlertSubscriptionRow, OutboxKind, OutboxRow, OwnerResetPayload, RequestRow } from './schema';
export {
  activeSubscriptions,
  alertLinkState,
  confirmAlertSubscription,
  recordLinkMailed,
  deleteSearcherAccount,
  deleteSubscription,
  getSearcherPasswordHash,
  setSearcherPassword,
  subscriptionsOf,
  updateSubscription,
  upgradeSearcherPasswordHash,
  eventsOfJob,
  existingEventKeys,
  getSubscription,
  queueAlertMail,
  readCatalogueState,
  recordAlertRun,
  subscriptionOfLink,
  confirmedLinkAccount,
  subscriptionOfRequest,
  pendingSubscriptionsOf,
  subscriptionsWithUnsentEvents,
  type AlertLinkState,
  type SubscriptionChange,
} from './alerts';
export { accountFavouritesLimit, mergeSearcherFavourites, searcherFavourites } from './favourites';
export { claimDueJobs, enqueueJob, hasUnreachableJobs, makeUnreachableJobsDue, markDelivered, markFailed, markRefused, postponeDueJobs, releaseJobs } from './outbox';
export {
  beginLoginAttempt,
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
  recordLoginFailure,
  recordVisit,
  requestsAbout,
  sessionEmail,
  setOwnerPassword,
  upgradeOwnerPasswordHash,
  visitCounts,
  visitTotals,
  type LoginLockout,
  type OwnerAccess,
} from './owners';
export {
  abandonCatalogueRun,
  catalogueRun,
  endCatalogueRun,
  lastGoodCatalogueRun,
  lastReconciliation,
  newestPublishedVersion,
  noticeProblems,
  noticesOfJob,
  recentCatalogueRuns,
  releaseLock,
  renewLock,
  startCatalogueRun,
  takeLock,
  type Problem,
} from './catalogue-runs';
