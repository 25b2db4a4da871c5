import { imageResponse } from '@/lib/server/image-route';
import { parseImagePath } from '@/lib/media/resize';

/** /api/image/w400/catalogue/…/1-xl.webp.webp: the same variant named by its path (static export). */
export async function GET(request: Request, { params }: RouteContext<'/api/image/[...variant]'>): Promise<Response> {
  return imageResponse(request, parseImagePath((await params).variant));
}
