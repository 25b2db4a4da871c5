/*
 * The part of swiper the banner uses, fetched as one chunk when the slider first moves
 * (banner-slider.tsx). Named here statically, with `optimizePackageImports` (next.config.ts), so
 * that the bundle holds these three modules and not all 23 that `swiper/modules` re-exports
 * (zoom, virtual slides, scrollbar...): a dynamic import of that barrel brought every one.
 */
export { Swiper } from 'swiper';
export { A11y, EffectFade, Keyboard } from 'swiper/modules';
