import { slotsResponse } from '@/lib/forms/slots-route';

export async function GET(_request: Request, { params }: RouteContext<'/api/slots/[id]'>) {
  return slotsResponse((await params).id);
}
