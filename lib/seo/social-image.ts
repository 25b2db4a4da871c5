import type { Picture } from '../catalogue';
import { imageUrl, socialImageWidth } from '../media/image-url';

export type SocialImage = { url: string; width?: number; height?: number };

/** A catalogue picture as a social card: 1200 px wide, PNG (which every network reads). */
export function socialImage(picture: Picture | undefined): SocialImage | undefined {
  if (!picture) return undefined;
  return { url: imageUrl(picture.url, { width: socialImageWidth, format: 'png' }), width: socialImageWidth, height: Math.round((socialImageWidth * picture.height) / picture.width) };
}
