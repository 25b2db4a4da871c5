import { crmUnsubscribeRequest } from '@/lib/alerts/crm-link';

export const POST = crmUnsubscribeRequest;
