// Map pages: validates the postal code, lists the nearest facilities and, only once there are
// results, loads the Leaflet map (map-view.ts) as the list's companion. Choosing a list item
// highlights its dot; choosing a dot highlights its list item. Nothing leaves the browser.
import { fill, plural } from '../../../i18n/fill.ts';
import { langOf, type Lang } from '../../../i18n/languages.ts';
import { placeScriptMade } from '../../../site/rules/script-made.ts';
import { formatDistance, nearest } from '../rules/distance.ts';
import { locatePostal, type Centroids, type LocateProblem } from '../rules/locate.ts';
import type { MapStrings } from '../strings.ts';
import type { MapView, PlacedFacility } from './map-view.ts';

/** The error summary's title, kept as data until there is a problem (text browsers print hidden text). */
function writeSummaryTitle(summary: HTMLElement) {
  const title = summary.querySelector<HTMLElement>('[data-title]');
  if (title && !title.textContent) title.textContent = title.dataset.title ?? '';
}

/** How many facilities a search shows. */
const RESULT_LIMIT = 10;

const root = document.querySelector<HTMLElement>('[data-map-page]');
if (root) setUp(root);

/** The page's data (from its data attributes) and the elements the script fills. */
function readPage(root: HTMLElement) {
  placeScriptMade(root);
  const form = root.querySelector<HTMLFormElement>('[data-map-form]')!;
  const field = form.querySelector<HTMLElement>('[data-field="postal"]')!;
  return {
    lang: langOf(root.dataset.lang),
    s: JSON.parse(root.dataset.strings ?? '{}') as MapStrings,
    facilities: JSON.parse(root.dataset.facilities ?? '[]') as Array<Omit<PlacedFacility, 'distance'>>,
    centroids: JSON.parse(root.dataset.centroids ?? '{}') as Centroids,
    tiles: JSON.parse(root.dataset.tiles ?? '{}') as { url: string; attribution: string },
    form,
    input: form.querySelector<HTMLInputElement>('input[name="postal"]')!,
    field,
    fieldError: field.querySelector<HTMLElement>('.field-error')!,
    summary: root.querySelector<HTMLElement>('[data-summary]')!,
    results: root.querySelector<HTMLElement>('[data-results]')!,
    title: root.querySelector<HTMLElement>('[data-results-title]')!,
    list: root.querySelector<HTMLOListElement>('[data-list]')!,
    mapEl: root.querySelector<HTMLElement>('[data-map]')!,
    mapStatus: root.querySelector<HTMLElement>('[data-map-status]')!,
  };
}

type Page = ReturnType<typeof readPage>;

/** The postal code's problem beside the field and in the summary (focused), or neither. */
function showProblem(page: Page, problem: LocateProblem | null) {
  const { s, field, fieldError, input, summary, results } = page;
  const message = problem ? s[problem] : '';
  field.classList.toggle('field-invalid', Boolean(problem));
  fieldError.hidden = !problem;
  fieldError.textContent = message;
  input.setAttribute('aria-invalid', problem ? 'true' : 'false');
  const items = summary.querySelector('ul')!;
  items.replaceChildren();
  summary.hidden = !problem;
  if (!problem) return;
  writeSummaryTitle(summary);
  const link = document.createElement('a');
  link.href = `#${input.id}`;
  link.textContent = message;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    input.focus();
  });
  const item = document.createElement('li');
  item.append(link);
  items.append(item);
  results.hidden = true;
  summary.focus();
}

/** Name, address, phone and distance: the same details in the list and in a dot's popup. */
function details(lang: Lang, s: MapStrings, f: PlacedFacility, heading: 'h3' | 'p'): DocumentFragment {
  const out = document.createDocumentFragment();
  const name = document.createElement(heading);
  name.className = 'facility-name';
  name.textContent = f.name;
  if (f.nameLang) name.lang = f.nameLang;
  const address = document.createElement('p');
  address.append(
    f.street,
    document.createElement('br'),
    fill(lang, s.cityLine, { city: f.city, postal: f.postalCode }),
  );
  const phone = document.createElement('p');
  const tel = document.createElement('a');
  tel.href = f.tel;
  tel.textContent = f.phone;
  phone.append(`${s.phone} `, tel);
  const distance = document.createElement('p');
  distance.className = 'facility-distance';
  distance.textContent = fill(lang, s.distance, { distance: f.distance });
  out.append(name, address, phone, distance);
  return out;
}

/** One result in the list, with its "Show on map" button. */
function resultItem(lang: Lang, s: MapStrings, f: PlacedFacility, onShow: () => void): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'facility';
  item.dataset.id = f.id;
  const show = document.createElement('button');
  show.type = 'button';
  show.className = 'button-secondary';
  show.textContent = s.showOnMap;
  show.setAttribute('aria-label', fill(lang, s.showOnMapNamed, { name: f.name }));
  show.addEventListener('click', onShow);
  item.append(details(lang, s, f, 'h3'), show);
  return item;
}

function setUp(root: HTMLElement) {
  const page = readPage(root);
  const { lang, s, facilities, centroids, tiles, form, input, results, title, list, mapEl, mapStatus } = page;
  let view: Promise<MapView> | undefined;
  // The "needs JavaScript" notice is plain HTML (not <noscript>), so it also shows when scripts are
  // blocked; placeScriptMade() put the search in its place.
  form.hidden = false;

  function select(id: string, from: 'list' | 'map') {
    for (const item of list.querySelectorAll<HTMLElement>('li[data-id]')) {
      if (item.dataset.id === id) item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
    }
    const item = list.querySelector<HTMLElement>(`li[data-id="${CSS.escape(id)}"]`);
    if (from === 'map') item?.scrollIntoView({ block: 'nearest' });
    if (from === 'list') {
      void view?.then((v) => v.highlight(id, true));
      // On narrow screens the map sits below the list: bring it into view to show the dot.
      const box = mapEl.getBoundingClientRect();
      if (!mapEl.hidden && (box.top < 0 || box.bottom > innerHeight)) mapEl.scrollIntoView({ block: 'nearest' });
    }
  }

  function loadMap(): Promise<MapView> {
    mapStatus.textContent = s.mapLoading;
    view ??= import('./map-view.ts').then(
      (m) => {
        mapEl.hidden = false;
        return m.createMapView(mapEl, {
          tiles,
          strings: s,
          details: (f) => details(lang, s, f, 'p'),
          onSelect: (id) => select(id, 'map'),
        });
      },
      (error: unknown) => {
        view = undefined;
        throw error;
      },
    );
    return view;
  }

  function search(value: string, focus: boolean) {
    const located = locatePostal(value, centroids);
    if (!located.ok) return showProblem(page, located.problem);
    showProblem(page, null);
    input.value = located.code;
    const found: PlacedFacility[] = nearest(facilities, located.point, RESULT_LIMIT).map((f) => ({
      ...f,
      distance: formatDistance(f.distanceKm, lang),
    }));
    title.textContent = plural(
      lang,
      found.length,
      { one: s.resultsOne, other: s.results },
      { code: located.code, count: found.length },
    );
    list.replaceChildren(...found.map((f) => resultItem(lang, s, f, () => select(f.id, 'list'))));
    results.hidden = false;
    if (focus) title.focus();
    if (found.length === 0) return;
    loadMap().then(
      (v) => {
        mapStatus.textContent = '';
        v.show(found, located.point);
      },
      () => {
        mapStatus.textContent = s.mapFailed;
      },
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    search(input.value, true);
  });

  // An address that carries a postal code (?postal=E1C 4B7, an older shared link) shows its results,
  // and loses the code before anything else is requested (the map's files would carry it as Referer).
  const url = new URL(location.href);
  const initial = url.searchParams.get('postal');
  if (initial !== null) {
    url.searchParams.delete('postal');
    history.replaceState(history.state, '', url);
    input.value = initial;
    search(initial, false);
  }
}
