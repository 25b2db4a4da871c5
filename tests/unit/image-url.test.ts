import { describe, expect, it } from 'vitest';
import imageLoader, { snapWidth } from '@/lib/media/image-loader';
import { allowedHeights, allowedWidths, bannerWidths, imageUrl, logoHeights, responsiveSrcSet, responsiveWidths, thumbnailWidth } from '@/lib/media/image-url';
import { rewriteLegacyHost } from '@/lib/media/legacy-host';

const picture = '/catalogue/4000001/1-xl.webp';

describe('image sizes of the spec', () => {
  it('lists the widths and heights the spec names', () => {
    expect(responsiveWidths).toEqual([100, 400, 600, 800, 1360]);
    expect(thumbnailWidth).toBe(400);
    expect(logoHeights).toEqual({ desktop: 125, mobile: 75 });
    expect(bannerWidths).toEqual({ desktop: 1920, mobile: 600 });
    expect([...allowedWidths]).toEqual([100, 250, 400, 600, 800, 1360, 1920]);
    expect([...allowedHeights]).toEqual([75, 125]);
  });
});

describe('imageUrl', () => {
  it('sends a local picture through the resizing route with width, height and format', () => {
    expect(imageUrl(picture, { width: 400, format: 'webp' })).toBe(`/api/image/?src=${picture}&width=400&format=webp`);
    expect(imageUrl('/images/flags/nl.png', { height: 75, format: 'png' })).toBe(`/api/image/?src=/images/flags/nl.png&height=75&format=png`);
    expect(imageUrl(picture, { width: 600, height: 125, format: 'png' })).toBe(`/api/image/?src=${picture}&width=600&height=125&format=png`);
  });

  it('names the format even when the caller leaves it out, so a variant has one URL', () => {
    expect(imageUrl(picture, { width: 100 })).toBe(`/api/image/?src=${picture}&width=100&format=webp`);
  });

  it('encodes the source so its own query characters cannot leak into the route query', () => {
    expect(imageUrl('/catalogue/1/a b&c=d.webp', { width: 400 })).toBe('/api/image/?src=/catalogue/1/a%20b%26c%3Dd.webp&width=400&format=webp');
  });

  it('leaves the largest size unchanged: the original itself', () => {
    expect(imageUrl(picture, { width: 1360 })).toBe(picture);
    expect(imageUrl(picture, { width: 1360, format: 'webp' })).toBe(picture);
    expect(imageUrl(picture, { width: bannerWidths.desktop })).toBe(picture);
  });

  it('still resizes at the largest width when a height or another format is asked', () => {
    expect(imageUrl(picture, { width: 1360, format: 'png' })).toBe(`/api/image/?src=${picture}&width=1360&format=png`);
    expect(imageUrl(picture, { width: 1360, height: 125 })).toBe(`/api/image/?src=${picture}&width=1360&height=125&format=webp`);
    expect(imageUrl('/images/banner.jpg', { width: 1920, format: 'webp' })).toBe(`/api/image/?src=/images/banner.jpg&width=1920&format=webp`);
  });

  it('uses an SVG as is', () => {
    expect(imageUrl('/images/logo.svg', { height: logoHeights.desktop, format: 'png' })).toBe('/images/logo.svg');
    expect(imageUrl('/images/LOGO.SVG?v=2', { height: 75 })).toBe('/images/LOGO.SVG?v=2');
  });

  it('leaves pictures on other hosts alone', () => {
    expect(imageUrl('https://cdn.example.be/a.jpg', { width: 400 })).toBe('https://cdn.example.be/a.jpg');
    expect(imageUrl('//cdn.example.be/a.jpg', { width: 400 })).toBe('//cdn.example.be/a.jpg');
    expect(imageUrl('data:image/png;base64,AAAA', { width: 400 })).toBe('data:image/png;base64,AAAA');
  });
});

describe('responsiveSrcSet', () => {
  it('offers 100, 400, 600 and 800 through the route and the original as 1360', () => {
    expect(responsiveSrcSet(picture)).toBe(
      [
        `/api/image/?src=${picture}&width=100&format=webp 100w`,
        `/api/image/?src=${picture}&width=400&format=webp 400w`,
        `/api/image/?src=${picture}&width=600&format=webp 600w`,
        `/api/image/?src=${picture}&width=800&format=webp 800w`,
        `${picture} 1360w`,
      ].join(', '),
    );
  });

  it('is empty for a picture that cannot be resized', () => {
    expect(responsiveSrcSet('/images/logo.svg')).toBe('');
    expect(responsiveSrcSet('https://example.be/a.jpg')).toBe('');
  });
});

describe('next/image loader', () => {
  it('snaps a requested width up to the next width the route accepts', () => {
    expect(snapWidth(16)).toBe(100);
    expect(snapWidth(100)).toBe(100);
    expect(snapWidth(101)).toBe(250);
    expect(snapWidth(250)).toBe(250);
    expect(snapWidth(384)).toBe(400);
    expect(snapWidth(601)).toBe(800);
    expect(snapWidth(801)).toBe(1360);
  });

  it('never asks for more than the original width', () => {
    expect(snapWidth(1361)).toBe(1360);
    expect(snapWidth(3840)).toBe(1360);
    expect(imageLoader({ src: picture, width: 3840, quality: 75 })).toBe(picture);
  });

  it('builds route URLs in webp for the widths next/image asks', () => {
    expect(imageLoader({ src: picture, width: 640, quality: 75 })).toBe(`/api/image/?src=${picture}&width=800&format=webp`);
    expect(imageLoader({ src: picture, width: 1080 })).toBe(picture);
    expect(imageLoader({ src: picture, width: 384 })).toBe(`/api/image/?src=${picture}&width=400&format=webp`);
    expect(imageLoader({ src: '/catalogue/4000001/1-sm.webp', width: 256 })).toBe(`/api/image/?src=/catalogue/4000001/1-sm.webp&width=400&format=webp`);
    expect(imageLoader({ src: picture, width: 250 })).toBe(`/api/image/?src=${picture}&width=250&format=webp`);
  });
});

describe('rewriteLegacyHost', () => {
  const legacy = ['old-agency.be', 'www.immo-archive.be'];

  it('moves a picture of an old host to the CDN, keeping path, query and fragment as written', () => {
    expect(rewriteLegacyHost('https://old-agency.be/pictures/12/a%20b.jpg?v=3#x', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be/pictures/12/a%20b.jpg?v=3#x');
    expect(rewriteLegacyHost('http://old-agency.be', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be');
  });

  it('matches host names with or without www. and in any case', () => {
    expect(rewriteLegacyHost('http://www.old-agency.be/a.jpg', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be/a.jpg');
    expect(rewriteLegacyHost('https://OLD-AGENCY.BE/a.jpg', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be/a.jpg');
    expect(rewriteLegacyHost('https://immo-archive.be/a.jpg', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be/a.jpg');
    expect(rewriteLegacyHost('https://old-agency.be:8080/a.jpg', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be/a.jpg');
    expect(rewriteLegacyHost('//www.old-agency.be/a.jpg', 'https://cdn.example.be', legacy)).toBe('https://cdn.example.be/a.jpg');
  });

  it('accepts a CDN host with or without scheme and trailing slash', () => {
    expect(rewriteLegacyHost('https://old-agency.be/a.jpg', 'cdn.example.be', legacy)).toBe('https://cdn.example.be/a.jpg');
    expect(rewriteLegacyHost('https://old-agency.be/a.jpg', 'https://cdn.example.be/', legacy)).toBe('https://cdn.example.be/a.jpg');
    expect(rewriteLegacyHost('https://old-agency.be/a.jpg', 'http://cdn.example.be', legacy)).toBe('http://cdn.example.be/a.jpg');
  });

  it('accepts legacy hosts written as URLs', () => {
    expect(rewriteLegacyHost('https://old-agency.be/a.jpg', 'cdn.example.be', ['https://www.old-agency.be/'])).toBe('https://cdn.example.be/a.jpg');
  });

  it('leaves other hosts, relative URLs and a site without CDN alone', () => {
    expect(rewriteLegacyHost('https://other.be/a.jpg', 'cdn.example.be', legacy)).toBe('https://other.be/a.jpg');
    expect(rewriteLegacyHost('https://notold-agency.be/a.jpg', 'cdn.example.be', legacy)).toBe('https://notold-agency.be/a.jpg');
    expect(rewriteLegacyHost('https://old-agency.be.evil.com/a.jpg', 'cdn.example.be', legacy)).toBe('https://old-agency.be.evil.com/a.jpg');
    expect(rewriteLegacyHost('/catalogue/4000001/1-xl.webp', 'cdn.example.be', legacy)).toBe('/catalogue/4000001/1-xl.webp');
    expect(rewriteLegacyHost('pictures/a.jpg', 'cdn.example.be', legacy)).toBe('pictures/a.jpg');
    expect(rewriteLegacyHost('https://old-agency.be/a.jpg', '', legacy)).toBe('https://old-agency.be/a.jpg');
    expect(rewriteLegacyHost('https://old-agency.be/a.jpg', 'cdn.example.be', [])).toBe('https://old-agency.be/a.jpg');
  });
});
