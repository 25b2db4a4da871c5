import { slotsResponse } from '@/lib/forms/slots-route';
import { withCors } from '@/lib/security/origin';

export async function GET(request: Request, { params }: RouteContext<'/api/slots/[id]'>) {
  // An exported copy of the site (ALLOWED_ORIGINS) reads the places left from here too.
  return withCors(request, await slotsResponse((await params).id));
}
