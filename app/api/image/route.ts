import { imageResponse } from '@/lib/server/image-route';
import { parseImageQuery } from '@/lib/media/resize';

/** /api/image/?src=…&width=…&format=…: the query form of spec §7, used by the server build. */
export function GET(request: Request): Promise<Response> {
  return imageResponse(request, parseImageQuery(new URL(request.url).searchParams));
}
