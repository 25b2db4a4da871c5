import { captchaAudioResponse } from '@/lib/forms/captcha-route';

export async function GET(request: Request, { params }: RouteContext<'/api/captcha/[form]/audio'>) {
  return captchaAudioResponse(request, (await params).form);
}
