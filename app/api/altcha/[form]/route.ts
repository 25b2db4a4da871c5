import { altchaResponse } from '@/lib/forms/altcha-route';
import { preflight, withCors } from '@/lib/security/origin';

// An exported copy of the site (ALLOWED_ORIGINS) fetches its challenges from here too.
export async function GET(request: Request, { params }: RouteContext<'/api/altcha/[form]'>) {
  return withCors(request, await altchaResponse((await params).form));
}

export function OPTIONS(request: Request) {
  return preflight(request, 'GET');
}
