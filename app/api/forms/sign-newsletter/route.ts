import { formRoute } from '@/lib/forms/handle-request';

export const POST = formRoute('sign-newsletter');
