/** Where the alert links' page posts its buttons (lib/alerts/link-routes answers). */
export const alertConfirmEndpoint = '/api/alerts/confirm/';
/** Where the page of a confirmed link asks for the link to a first password. */
export const alertAccountEndpoint = '/api/alerts/account/';
/** Also where a mail program's one-click unsubscribe posts (RFC 8058), the token in the query. */
export const alertUnsubscribeEndpoint = '/api/alerts/unsubscribe/';
/** Where the page of the CRM's own alert mail's unsubscribe link posts its button (lib/alerts/crm-link). */
export const alertCrmUnsubscribeEndpoint = '/api/alerts/crm-unsubscribe/';
