import { confirmRequestPost } from '@/lib/forms/request-confirm-route';

export const POST = confirmRequestPost;
