import { reloadRoute } from '@/lib/server/reload-route';

export const dynamic = 'force-dynamic';

export const GET = reloadRoute;
export const POST = reloadRoute;
