import { requestAlertAccount } from '@/lib/alerts/link-routes';

export const POST = requestAlertAccount;
