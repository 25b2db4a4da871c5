import { visitRoute } from '@/lib/stats/visit-route';

export const POST = visitRoute;
