import { favouritesGet, favouritesPost } from '@/lib/favourites/account-route';

export const GET = favouritesGet;
export const POST = favouritesPost;
