import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';
import { definedProps } from './defined-props';

type SiteImageProps = Omit<ImageProps, 'priority' | 'preload' | 'placeholder' | 'blurDataURL' | 'onLoad' | 'onError' | 'onLoadingComplete'> & {
  /** The page's LCP picture: fetched from the head (a preload with the same srcset), eager and high priority. */
  preload?: boolean;
};

/**
 * next/image's markup (the loader's srcset, sizes, lazy loading, fill) as a plain <img>. The
 * Image component is a client component: on a page of server-rendered pictures it only added its
 * runtime to every page's first load, for nothing the HTML does not already do.
 */
export function SiteImage({ preload = false, ...image }: SiteImageProps) {
  const { props } = getImageProps({ ...image, loading: preload ? 'eager' : image.loading, fetchPriority: preload ? 'high' : image.fetchPriority });
  const { src, srcSet, sizes, fetchPriority, style, ...rest } = props;
  if (preload && typeof src === 'string') preloadResource(src, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  // Left out: next/image's `color: transparent` (it hides the alt text, which a picture that fails
  // to load should show) and the default `fetchPriority="auto"`, which a list repeats in every
  // card's HTML and in the page's inline data; an attribute not set is left out (definedProps).
  // `src` comes last, as next/image writes it: WebKit fetched `src` when it was set before
  // `srcset` on an image created by script.
  const { color: _hiddenAlt, ...layout } = style ?? {};
  return (
    <img
      {...rest}
      {...definedProps({ srcSet, sizes, fetchPriority: fetchPriority === 'auto' ? undefined : fetchPriority, style: Object.keys(layout).length > 0 ? layout : undefined })}
      alt={image.alt}
      src={src}
    />
  );
}
