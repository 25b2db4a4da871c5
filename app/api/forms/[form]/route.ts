import { formsRoute } from '@/lib/forms/handle-request';

type Context = RouteContext<'/api/forms/[form]'>;

// Like the missing route whose answer an unknown name gets: never a cached answer.
export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: Context) {
  return formsRoute.POST(request, (await params).form);
}

export async function OPTIONS(request: Request, { params }: Context) {
  return formsRoute.OPTIONS(request, (await params).form);
}

// Next.js answers HEAD with GET.
export async function GET(_request: Request, { params }: Context) {
  return formsRoute.GET((await params).form);
}
