import { describe, expect, it } from 'vitest';
import { recognizeVideo } from '@/lib/media/video';

const id11 = 'dQw4w9WgXcQ';

describe('recognizeVideo: YouTube', () => {
  it.each([
    `https://www.youtube.com/watch?v=${id11}`,
    `https://youtube.com/watch?v=${id11}&t=42s`,
    `http://m.youtube.com/watch?feature=share&v=${id11}`,
    `https://youtu.be/${id11}`,
    `https://youtu.be/${id11}?si=abc`,
    `https://www.youtube.com/embed/${id11}`,
    `https://www.youtube.com/shorts/${id11}`,
  ])('embeds %s without cookies', (url) => {
    expect(recognizeVideo(url)).toEqual({ kind: 'youtube', id: id11, embedUrl: `https://www.youtube-nocookie.com/embed/${id11}` });
  });

  it('accepts ids of exactly 11 characters of letters, digits, _ and -', () => {
    expect(recognizeVideo('https://youtu.be/a_b-C1d2E3f')?.id).toBe('a_b-C1d2E3f');
    expect(recognizeVideo('https://youtu.be/abcdefghij')).toBeUndefined();
    expect(recognizeVideo('https://youtu.be/abcdefghijkl')).toBeUndefined();
    expect(recognizeVideo('https://www.youtube.com/watch?v=abcdefghij')).toBeUndefined();
    expect(recognizeVideo('https://www.youtube.com/embed/abcdefghijkl')).toBeUndefined();
    expect(recognizeVideo('https://www.youtube.com/shorts/abcdefghij%21')).toBeUndefined();
    expect(recognizeVideo('https://www.youtube.com/watch')).toBeUndefined();
    expect(recognizeVideo(`https://www.youtube.com/channel/${id11}`)).toBeUndefined();
  });
});

describe('recognizeVideo: Vimeo', () => {
  it('embeds numeric ids in the Vimeo player', () => {
    const expected = { kind: 'vimeo', id: '76979871', embedUrl: 'https://player.vimeo.com/video/76979871' };
    expect(recognizeVideo('https://vimeo.com/76979871')).toEqual(expected);
    expect(recognizeVideo('https://player.vimeo.com/video/76979871')).toEqual(expected);
  });

  it('refuses non-numeric ids', () => {
    expect(recognizeVideo('https://vimeo.com/channels')).toBeUndefined();
    expect(recognizeVideo('https://vimeo.com/7697987a')).toBeUndefined();
    expect(recognizeVideo('https://player.vimeo.com/video/abc')).toBeUndefined();
  });
});

describe('recognizeVideo: Facebook', () => {
  it.each(['https://www.facebook.com/watch/?v=1234567890', 'https://www.facebook.com/AgencyPage/videos/1234567890/'])('embeds %s through the video plugin', (url) => {
    expect(recognizeVideo(url)).toEqual({
      kind: 'facebook',
      id: '1234567890',
      embedUrl: `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url)}`,
    });
  });

  it('refuses non-video and non-numeric links', () => {
    expect(recognizeVideo('https://www.facebook.com/watch/?v=abc')).toBeUndefined();
    expect(recognizeVideo('https://www.facebook.com/AgencyPage/')).toBeUndefined();
    expect(recognizeVideo('https://www.facebook.com/AgencyPage/videos/abc')).toBeUndefined();
  });
});

describe('recognizeVideo: 3D tours', () => {
  it('frames Matterport tours over https', () => {
    expect(recognizeVideo('https://my.matterport.com/show/?m=SxQL3iGyoDo')).toEqual({
      kind: 'matterport',
      id: 'SxQL3iGyoDo',
      embedUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    });
    expect(recognizeVideo('http://my.matterport.com/show/?m=SxQL3iGyoDo')?.embedUrl).toBe('https://my.matterport.com/show/?m=SxQL3iGyoDo');
    expect(recognizeVideo('https://my.matterport.com/show/')).toBeUndefined();
  });

  it('frames the partner tour hosts as given, on any subdomain, https only', () => {
    expect(recognizeVideo('https://nodalview.com/abc123')).toEqual({ kind: 'nodalview', embedUrl: 'https://nodalview.com/abc123' });
    expect(recognizeVideo('https://app.nodalview.com/tour/abc?lang=fr')).toEqual({
      kind: 'nodalview',
      embedUrl: 'https://app.nodalview.com/tour/abc?lang=fr',
    });
    expect(recognizeVideo('https://tour.previsite.com/visit/42')).toEqual({ kind: 'previsite', embedUrl: 'https://tour.previsite.com/visit/42' });
    expect(recognizeVideo('https://previsite.com/x')?.kind).toBe('previsite');
    expect(recognizeVideo('http://tour.previsite.com/visit/42')).toBeUndefined();
  });

  it('does not trust look-alike hosts', () => {
    expect(recognizeVideo('https://nodalview.com.evil.example/tour')).toBeUndefined();
    expect(recognizeVideo('https://evilnodalview.com/tour')).toBeUndefined();
    expect(recognizeVideo('https://previsite.com@evil.example/tour')).toBeUndefined();
  });
});

describe('recognizeVideo: files', () => {
  it.each([
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
    ['wmv', 'video/x-ms-wmv'],
    ['avi', 'video/x-msvideo'],
    ['flv', 'video/x-flv'],
    ['webm', 'video/webm'],
  ])('plays .%s files as %s', (extension, mimeType) => {
    const url = `https://cdn.example.be/videos/house.${extension}`;
    expect(recognizeVideo(url)).toEqual({ kind: 'file', embedUrl: url, mimeType });
  });

  it('reads the extension in any case and before a query', () => {
    expect(recognizeVideo('https://cdn.example.be/HOUSE.MP4')?.mimeType).toBe('video/mp4');
    expect(recognizeVideo('https://cdn.example.be/house.webm?token=1.mp3')?.mimeType).toBe('video/webm');
    expect(recognizeVideo('https://cdn.example.be/house.mp3?f=a.mp4')).toBeUndefined();
    expect(recognizeVideo('https://cdn.example.be/mp4')).toBeUndefined();
  });
});

describe('recognizeVideo: anything else', () => {
  it.each([
    'https://www.dailymotion.com/video/x7tgad0',
    'https://example.be/page.html',
    `ftp://youtu.be/${id11}`,
    'javascript:alert(1)//.mp4',
    `//youtu.be/${id11}`,
    '/videos/house.mp4',
    'not a url',
    '',
  ])('does not recognise %s', (url) => {
    expect(recognizeVideo(url)).toBeUndefined();
  });
});
