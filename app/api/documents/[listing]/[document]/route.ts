import { documentResponse } from '@/lib/documents/document-route';

export async function GET(request: Request, { params }: RouteContext<'/api/documents/[listing]/[document]'>) {
  return documentResponse(request, await params);
}
