import { captchaResponse } from '@/lib/forms/captcha-route';

export async function GET(request: Request, { params }: RouteContext<'/api/captcha/[form]'>) {
  return captchaResponse(request, (await params).form);
}
