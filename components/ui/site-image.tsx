import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

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
  const { src, srcSet, sizes } = props;
  if (preload && typeof src === 'string') preloadResource(src, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own props, without its client runtime
  return <img {...props} alt={image.alt} />;
}
