import { unsubscribeAlertRequest } from '@/lib/alerts/link-routes';

export const POST = unsubscribeAlertRequest;
