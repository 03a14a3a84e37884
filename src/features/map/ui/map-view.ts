// The Leaflet map of a results list, loaded on demand by map-page.ts: one red dot (circle
// marker) per facility, whose popup holds the same details as the list. Leaflet's CSS is linked
// from here, on demand too (a plain CSS import would be hoisted into the page's first paint).
import * as L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import type { LatLng } from '../rules/distance.ts';
import type { MapStrings } from '../strings.ts';
import { escapeHtml } from '../../../site/rules/escape-html.ts';

export interface PlacedFacility {
  id: string;
  name: string;
  /** Present when the name is in the other language than the page's. */
  nameLang?: 'en' | 'fr';
  street: string;
  city: string;
  postalCode: string;
  phone: string;
  tel: string;
  lat: number;
  lng: number;
  distance: string;
}

export interface MapView {
  show: (facilities: PlacedFacility[], origin: LatLng) => void;
  highlight: (id: string, openPopup: boolean) => void;
}

const DOT = { radius: 8, color: '#ffffff', weight: 2, fillColor: 'red', fillOpacity: 1 };
const SELECTED = { radius: 12, color: '#000000', weight: 3 };

/** The operator's attribution as text, with "OpenStreetMap" linking to its copyright page. */
function attributionHtml(text: string): string {
  return escapeHtml(text).replace(
    'OpenStreetMap',
    '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  );
}

function linkStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    link.onerror = () => resolve();
  });
  document.head.append(link);
  return loaded;
}

type ViewOptions = {
  tiles: { url: string; attribution: string };
  strings: MapStrings;
  details: (f: PlacedFacility) => DocumentFragment;
  onSelect: (id: string) => void;
};

/** The Leaflet map with its controls in the page's language (motion off when asked). */
function newMap(el: HTMLElement, options: ViewOptions): L.Map {
  const s = options.strings;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const map = L.map(el, {
    zoomControl: false,
    scrollWheelZoom: false,
    fadeAnimation: !still,
    zoomAnimation: !still,
    markerZoomAnimation: !still,
  });
  L.control.zoom({ zoomInTitle: s.zoomIn, zoomOutTitle: s.zoomOut }).addTo(map);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(options.tiles.url, { attribution: attributionHtml(options.tiles.attribution), maxZoom: 18 }).addTo(map);
  return map;
}

export async function createMapView(el: HTMLElement, options: ViewOptions): Promise<MapView> {
  await linkStylesheet(leafletCss);
  const s = options.strings;
  const map = newMap(el, options);
  const layer = L.layerGroup().addTo(map);
  const dots = new Map<string, L.CircleMarker>();
  let selected: string | null = null;

  // The dots are drawn for the eye: the list is what a screen reader reads (and the same details).
  map.getPane('overlayPane')?.setAttribute('aria-hidden', 'true');
  // Leaflet's popup close is a link playing a button (Space scrolls the page, Enter drops focus):
  // a real button takes its place, and closing returns focus to what opened the popup.
  let returnTo: HTMLElement | null = null;
  map.on('popupopen', (event) => {
    const link = event.popup.getElement()?.querySelector('.leaflet-popup-close-button');
    if (!link) return;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'leaflet-popup-close-button';
    close.setAttribute('aria-label', s.closePopup);
    close.title = s.closePopup;
    close.textContent = '×';
    close.addEventListener('click', () => map.closePopup());
    link.replaceWith(close);
    returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  });
  map.on('popupclose', (event) => {
    const inside = event.popup.getElement()?.contains(document.activeElement);
    if ((inside || document.activeElement === document.body) && returnTo?.isConnected) returnTo.focus();
    returnTo = null;
  });

  function highlight(id: string, openPopup: boolean) {
    if (selected && selected !== id) {
      const previous = dots.get(selected);
      previous?.setStyle(DOT).setRadius(DOT.radius);
      previous?.getElement()?.classList.remove('is-selected');
    }
    const dot = dots.get(id);
    if (!dot) return;
    selected = id;
    dot.setStyle(SELECTED).setRadius(SELECTED.radius).bringToFront();
    dot.getElement()?.classList.add('is-selected');
    if (openPopup) {
      if (!map.getBounds().contains(dot.getLatLng())) map.panTo(dot.getLatLng());
      dot.openPopup();
    }
  }

  function show(facilities: PlacedFacility[], origin: LatLng) {
    layer.clearLayers();
    dots.clear();
    selected = null;
    map.invalidateSize();
    L.circleMarker([origin.lat, origin.lng], {
      radius: 6,
      color: '#00487a',
      weight: 3,
      fillOpacity: 0,
      interactive: false,
      className: 'origin-dot',
    }).addTo(layer);
    for (const f of facilities) {
      const popup = document.createElement('div');
      popup.className = 'facility-popup';
      popup.dataset.id = f.id;
      popup.append(options.details(f));
      const dot = L.circleMarker([f.lat, f.lng], { ...DOT, className: 'facility-dot' }).bindPopup(popup);
      dot.on('click', () => {
        highlight(f.id, false);
        options.onSelect(f.id);
      });
      dots.set(f.id, dot);
      dot.addTo(layer);
    }
    const bounds = L.latLngBounds([
      [origin.lat, origin.lng],
      ...facilities.map((f): [number, number] => [f.lat, f.lng]),
    ]);
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 13 });
    // Paths exist once the map has a view; tests and styles find a dot by its facility id.
    for (const [id, dot] of dots) dot.getElement()?.setAttribute('data-id', id);
  }

  return { show, highlight };
}
