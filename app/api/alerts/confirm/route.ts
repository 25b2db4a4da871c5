import { confirmAlertRequest } from '@/lib/alerts/link-routes';

export const POST = confirmAlertRequest;
