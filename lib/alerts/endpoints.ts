/** Where the alert links' page posts its buttons (lib/alerts/link-routes answers). */
export const alertConfirmEndpoint = '/api/alerts/confirm/';
/** Also where a mail program's one-click unsubscribe posts (RFC 8058), the token in the query. */
export const alertUnsubscribeEndpoint = '/api/alerts/unsubscribe/';
