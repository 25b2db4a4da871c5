import { confirmNewsletterRequest } from '@/lib/newsletter/confirm-route';

export const POST = confirmNewsletterRequest;
