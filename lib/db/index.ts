export { defaultDatabaseUrl, getStore, openStore, setStore, type Store } from './client';
export { consumeCaptcha, countBookings, getRequest, listRequests, storeRequest, type NewRequest, type NewUpload, type SlotBooking, type StoreResult, type StoredRequest } from './requests';
export type { OutboxKind, OutboxRow, RequestRow, UploadRow } from './schema';
export { claimDueJobs, markDelivered, markFailed, outboxCounts } from './outbox';
