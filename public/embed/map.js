// The home map embed (spec §7). It draws only what a message from our own origin describes, and
// every string goes in through textContent, so a message can never inject markup or scripts.
(() => {
  'use strict';

  const TILE = 256;
  const MAX_ZOOM = 16;
  const PADDING = 48;
  const MAX_LAT = 85.05112878; // Web Mercator stops here; beyond it y is infinite.
  const LANGUAGES = ['nl', 'fr', 'en', 'de'];
  // The message has no text for the close button, and four words do not justify a new field.
  const CLOSE = { nl: 'Sluiten', fr: 'Fermer', en: 'Close', de: 'Schließen' };

  const byId = (id) => document.getElementById(id);
  const el = (tag, props, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const map = byId('map');
  const tiles = byId('tiles');
  const markers = byId('markers');
  const attribution = byId('attribution');
  const notice = byId('notice');
  const listSection = byId('list-section');

  let current = null; // { message, properties, pins }
  let tilesFailed = false;
  let openIndex = -1;

  // --- Validation: the embed trusts the origin, not the shape -------------------------------
  const isText = (value) => typeof value === 'string';
  const isObject = (value) => typeof value === 'object' && value !== null;
  const isNumberIn = (value, min, max) => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  // Listing links stay on this site: a path, never another host or a javascript: URL.
  const isSitePath = (value) => isText(value) && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
  const isTileUrl = (value) =>
    isText(value) && (value === '' || (/^(https?:\/\/|\/(?!\/))/.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part))));
  const isProperty = (value) =>
    isObject(value) && Number.isInteger(value.id) && isNumberIn(value.lat, -90, 90) && isNumberIn(value.lng, -180, 180) &&
    ['title', 'town', 'price'].every((key) => isText(value[key])) && isSitePath(value.url);

  function isMapMessage(data) {
    if (!isObject(data) || data.type !== 'agency-map') return false;
    const info = data.messageInfo;
    return (
      Array.isArray(data.properties) &&
      data.properties.every(isProperty) &&
      isObject(info) &&
      LANGUAGES.includes(info.language) &&
      ['title', 'listLabel', 'noTilesNotice'].every((key) => isText(info[key])) &&
      (data.mapType === 'roadmap' || data.mapType === 'plain') &&
      isTileUrl(data.tileUrl) &&
      isText(data.attribution) &&
      isObject(data.customMarker) &&
      /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(data.customMarker.colour) &&
      Array.isArray(data.ignoreList) &&
      data.ignoreList.every(Number.isInteger)
    );
  }

  // --- Web Mercator ---------------------------------------------------------------------------
  /** World pixel position at zoom 0 (a 256-px world); multiply by 2^zoom for other zooms. */
  function project(lat, lng) {
    const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
    return { x: ((lng + 180) / 360) * TILE, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE };
  }

  /** The largest zoom at which every point fits inside the padded container, and the centre. */
  function fit(points, width, height) {
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    const box = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
    const spanX = box.maxX - box.minX;
    const spanY = box.maxY - box.minY;
    const room = Math.min(spanX > 0 ? (width - 2 * PADDING) / spanX : Infinity, spanY > 0 ? (height - 2 * PADDING) / spanY : Infinity);
    const zoom = room === Infinity ? MAX_ZOOM : Math.max(0, Math.min(MAX_ZOOM, Math.floor(Math.log2(Math.max(room, 1)))));
    return { zoom, centre: { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 } };
  }

  const usesTiles = (message) => message.mapType === 'roadmap' && message.tileUrl !== '';

  function tileSource(template, zoom, x, y) {
    const count = 2 ** zoom;
    const wrappedX = ((x % count) + count) % count;
    return template.replace(/\{s\}/g, 'a').replace(/\{z\}/g, String(zoom)).replace(/\{x\}/g, String(wrappedX)).replace(/\{y\}/g, String(y));
  }

  function onTileError(event) {
    event.target.remove();
    tilesFailed = true;
    updateNotice();
  }

  // --- Drawing ----------------------------------------------------------------------------------
  /** Places tiles and pins for the current size; called on each message and on resize. */
  function layout() {
    if (!current) return;
    const { message, properties, pins } = current;
    const width = map.clientWidth;
    const height = map.clientHeight;
    tiles.replaceChildren();
    if (properties.length === 0 || width === 0 || height === 0) return;
    const world = properties.map((property) => project(property.lat, property.lng));
    const { zoom, centre } = fit(world, width, height);
    const scale = 2 ** zoom;
    const left = centre.x * scale - width / 2;
    const top = centre.y * scale - height / 2;

    if (usesTiles(message)) {
      const fragment = document.createDocumentFragment();
      for (let y = Math.floor(top / TILE); y * TILE < top + height; y += 1) {
        if (y < 0 || y >= scale) continue;
        for (let x = Math.floor(left / TILE); x * TILE < left + width; x += 1) {
          const img = el('img', { alt: '', loading: 'lazy', decoding: 'async', width: TILE, height: TILE });
          img.style.left = `${Math.round(x * TILE - left)}px`;
          img.style.top = `${Math.round(y * TILE - top)}px`;
          img.addEventListener('error', onTileError, { once: true });
          img.addEventListener('load', () => {
            attribution.hidden = message.attribution === '';
          }, { once: true });
          img.src = tileSource(message.tileUrl, zoom, x, y);
          fragment.append(img);
        }
      }
      tiles.append(fragment);
    }

    // Listings at the same address would hide each other: fan them out on a small circle.
    const groups = new Map();
    world.forEach((point, index) => {
      const key = `${Math.round(point.x * scale)},${Math.round(point.y * scale)}`;
      groups.set(key, [...(groups.get(key) ?? []), index]);
    });
    for (const members of groups.values()) {
      members.forEach((index, position) => {
        const angle = (2 * Math.PI * position) / members.length;
        const spread = members.length > 1 ? 16 : 0;
        const pin = pins[index];
        pin.style.left = `${Math.round(world[index].x * scale - left + spread * Math.sin(angle))}px`;
        pin.style.top = `${Math.round(world[index].y * scale - top - spread * Math.cos(angle))}px`;
      });
    }
    if (openIndex >= 0) placePopup();
  }

  function updateNotice() {
    const noTiles = !current || !usesTiles(current.message) || tilesFailed;
    map.classList.toggle('no-tiles', noTiles);
    notice.textContent = current && noTiles ? current.message.messageInfo.noTilesNotice : '';
  }

  // --- Popup: a disclosure placed right after its pin, so Tab reaches its link next; the close
  // button comes last in the DOM and is moved to the corner by CSS.
  const closeButton = el('button', { type: 'button', className: 'popup-close', textContent: '×' });
  closeButton.addEventListener('click', () => closePopup(true));
  const popupLink = el('a', { target: '_top' });
  const popupTown = el('p');
  const popupPrice = el('p');
  const popup = el('div', { className: 'popup', hidden: true }, el('p', { className: 'popup-title' }, popupLink), popupTown, popupPrice, closeButton);

  function openPopup(index) {
    if (openIndex >= 0) closePopup(false);
    const property = current.properties[index];
    const pin = current.pins[index];
    popupLink.href = property.url;
    popupLink.textContent = property.title;
    popupTown.textContent = property.town;
    popupPrice.textContent = property.price;
    pin.after(popup);
    pin.setAttribute('aria-expanded', 'true');
    popup.hidden = false;
    openIndex = index;
    placePopup();
  }

  function closePopup(returnFocus) {
    if (openIndex < 0) return;
    const pin = current.pins[openIndex];
    popup.hidden = true;
    pin.setAttribute('aria-expanded', 'false');
    openIndex = -1;
    if (returnFocus) pin.focus();
  }

  /** Above the pin, kept inside the map; below it when there is no room above. */
  function placePopup() {
    const pin = current.pins[openIndex];
    const x = parseFloat(pin.style.left);
    const y = parseFloat(pin.style.top);
    const half = popup.offsetWidth / 2;
    popup.style.left = `${Math.max(half + 8, Math.min(map.clientWidth - half - 8, x))}px`;
    const below = y - popup.offsetHeight - 44 < 0;
    popup.classList.toggle('below', below);
    popup.style.top = `${y}px`;
  }

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && openIndex >= 0) closePopup(true);
  });
  document.addEventListener('click', (event) => {
    if (openIndex >= 0 && !popup.contains(event.target) && !event.target.closest?.('.pin')) closePopup(false);
  });

  // --- A message --------------------------------------------------------------------------------
  function show(message) {
    closePopup(false);
    const ignored = new Set(message.ignoreList);
    const properties = message.properties.filter((property) => !ignored.has(property.id));
    const info = message.messageInfo;
    const name = (property) => `${property.title} – ${property.town} – ${property.price}`;

    document.documentElement.lang = info.language;
    document.title = info.title;
    byId('title').textContent = info.title;
    closeButton.setAttribute('aria-label', CLOSE[info.language]);
    map.style.setProperty('--marker', message.customMarker.colour);
    attribution.textContent = message.attribution;
    attribution.hidden = true;

    // DOM order is list order, which is the keyboard order of the pins.
    const pins = properties.map((property, index) => {
      const pin = el('a', { className: 'pin', href: property.url, target: '_top' });
      pin.setAttribute('role', 'button');
      pin.setAttribute('aria-label', name(property));
      pin.setAttribute('aria-expanded', 'false');
      pin.addEventListener('click', (event) => {
        event.preventDefault();
        if (openIndex === index) closePopup(false);
        else openPopup(index);
      });
      // A button also answers to Space; a link alone would scroll the page.
      pin.addEventListener('keydown', (event) => {
        if (event.key === ' ') (event.preventDefault(), pin.click());
      });
      return pin;
    });
    markers.replaceChildren(...pins);

    const items = properties.map((property) => el('li', {}, el('a', { href: property.url, target: '_top', textContent: name(property) })));
    byId('list-title').textContent = info.listLabel;
    byId('list').replaceChildren(...items);
    listSection.hidden = false;

    current = { message, properties, pins };
    tilesFailed = false;
    updateNotice();
    layout();
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || !isMapMessage(event.data)) return;
    show(event.data);
  });

  // The frame's size sets the zoom, so a resize lays the map out again.
  new ResizeObserver(() => requestAnimationFrame(layout)).observe(map);
})();
