export type RecognizedVideo = {
  kind: 'youtube' | 'vimeo' | 'facebook' | 'matterport' | 'nodalview' | 'previsite' | 'file';
  embedUrl: string;
  id?: string;
  mimeType?: string;
};

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const fileTypes: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  webm: 'video/webm',
};

/* A domain or any of its subdomains; "nodalview.com.evil.example" and "evilnodalview.com" are neither. */
function isHost(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

function youtube(url: URL): RecognizedVideo | undefined {
  let id: string | null | undefined;
  if (url.hostname === 'youtu.be') id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  else if (url.pathname === '/watch') id = url.searchParams.get('v');
  else id = /^\/(?:embed|shorts)\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!id || !youtubeId.test(id)) return undefined;
  // The no-cookie host sets no tracking cookie before the visitor plays the video.
  return { kind: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(url: URL): RecognizedVideo | undefined {
  const pattern = url.hostname === 'player.vimeo.com' ? /^\/video\/(\d+)\/?$/ : /^\/(\d+)\/?$/;
  const id = pattern.exec(url.pathname)?.[1];
  return id ? { kind: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}` } : undefined;
}

function facebook(url: URL, original: string): RecognizedVideo | undefined {
  const id = /^\/watch\/?$/.test(url.pathname) ? url.searchParams.get('v') : /^\/[^/]+\/videos\/(\d+)\/?$/.exec(url.pathname)?.[1];
  if (!id || !/^\d+$/.test(id)) return undefined;
  return {
    kind: 'facebook',
    id,
    embedUrl: `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(original)}`,
  };
}

function matterport(url: URL): RecognizedVideo | undefined {
  const id = url.searchParams.get('m');
  if (!/^\/show\/?$/.test(url.pathname) || !id || !/^[A-Za-z0-9]+$/.test(id)) return undefined;
  // Embedded in an https page, a plain-http frame would be blocked as mixed content.
  const secure = new URL(url.href);
  secure.protocol = 'https:';
  return { kind: 'matterport', id, embedUrl: secure.href };
}

function file(url: URL, original: string): RecognizedVideo | undefined {
  // The pathname excludes ?query and #fragment, so "clip.mp4?v=2" is still a file.
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  const mimeType = extension === undefined ? undefined : fileTypes[extension];
  return mimeType ? { kind: 'file', embedUrl: original, mimeType } : undefined;
}

/**
 * How a video or virtual-tour link of a listing can be shown (spec §5 "Recognised video links"):
 * an embeddable player URL, or a direct file with its MIME type. Undefined for anything else,
 * including non-http(s) links, so an unknown link is never framed.
 */
export function recognizeVideo(url: string): RecognizedVideo | undefined {
  const original = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(original);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const host = parsed.hostname;

  if (host === 'youtu.be' || isHost(host, 'youtube.com') || isHost(host, 'youtube-nocookie.com')) return youtube(parsed);
  if (isHost(host, 'vimeo.com')) return vimeo(parsed);
  if (isHost(host, 'facebook.com')) return facebook(parsed, original);
  if (host === 'my.matterport.com') return matterport(parsed);
  // The partner tour hosts are framed as given; an http frame would be blocked, so only https.
  if (isHost(host, 'nodalview.com')) return parsed.protocol === 'https:' ? { kind: 'nodalview', embedUrl: original } : undefined;
  if (isHost(host, 'previsite.com')) return parsed.protocol === 'https:' ? { kind: 'previsite', embedUrl: original } : undefined;
  return file(parsed, original);
}
