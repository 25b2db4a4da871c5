import { formRoute } from '@/lib/forms/handle-request';

export const { POST, OPTIONS } = formRoute('follow-listing');
