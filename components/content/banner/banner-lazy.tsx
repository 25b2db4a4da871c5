'use client';

import dynamic from 'next/dynamic';

/*
 * The islands that only matter for one banner type load in their own chunks, with their CSS,
 * when a banner of that type is rendered (the slider then fetches swiper itself, when it moves). Imported directly, they would
 * ship with every page that can show a banner, whatever the configured type (design.md §10:
 * swiper only where a slider is shown). Rendered on the server all the same: no layout change.
 */
export const LazyBannerSlider = dynamic(() => import('./banner-slider').then((module) => module.BannerSlider));
export const LazyBannerVideo = dynamic(() => import('./banner-video').then((module) => module.BannerVideo));
