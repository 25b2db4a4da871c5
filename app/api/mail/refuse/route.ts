import { refusalGet, refusalPost } from '@/lib/mail/refusal-route';

export const GET = refusalGet;
export const POST = refusalPost;
