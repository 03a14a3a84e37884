// Category pages, progressive enhancement over the static pages (which work without it):
// - the type filter hides the loaded cards of other types; the found-count gives the
//   category-wide total of that type;
// - "Load more" fetches the next static page, appends its cards, takes over its pagination,
//   announces how many were added and moves focus to the first new one; it hides on the last page.
import { plural } from '../../i18n/fill.ts';
import { langOf } from '../../i18n/languages.ts';

/**
 * The type filter, made here: the static page has only its strings (without JavaScript it would do
 * nothing). A group of radios, not a form: it filters in place and has nothing to submit.
 */
function filterGroup(slot: HTMLElement): HTMLElement {
  const s = JSON.parse(slot.dataset.strings ?? '{}') as Record<string, string>;
  const group = document.createElement('div');
  group.className = 'filter no-print';
  group.dataset.categoryFilter = '';
  const fieldset = document.createElement('fieldset');
  const legend = document.createElement('legend');
  legend.textContent = s.legend ?? '';
  fieldset.append(legend);
  for (const [value, label] of [
    ['', s.all],
    ['government', s.government],
    ['community', s.community],
  ] as const) {
    const option = document.createElement('label');
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = 'type';
    radio.value = value;
    radio.checked = value === '';
    option.append(radio, ` ${label ?? ''}`);
    fieldset.append(option);
  }
  group.append(fieldset);
  slot.replaceWith(group);
  return group;
}

/** "Load more", made here from its slot's data. */
function loadMoreButton(slot: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button load-more no-print';
  button.dataset.loadMore = '';
  button.dataset.next = slot.dataset.next ?? '';
  button.dataset.failed = slot.dataset.failed ?? '';
  button.textContent = slot.dataset.label ?? '';
  slot.replaceWith(button);
  return button;
}

for (const root of document.querySelectorAll<HTMLElement>('[data-category-listing]')) {
  const filterSlot = root.querySelector<HTMLElement>('[data-category-filter-slot]');
  const moreSlot = root.querySelector<HTMLElement>('[data-load-more-slot]');
  const group = filterSlot && filterGroup(filterSlot);
  const status = root.querySelector<HTMLElement>('.found');
  const list = root.querySelector<HTMLElement>('[data-results]');
  const more = moreSlot && loadMoreButton(moreSlot);
  const announce = root.querySelector<HTMLElement>('[data-announce]');
  if (!group || !status || !list) continue;
  const total = status.textContent ?? '';
  const type = () => group.querySelector<HTMLInputElement>('input[name="type"]:checked')?.value ?? '';
  // Counts agree with their number in the page's language: one form, other form (src/i18n/define.ts).
  const lang = langOf(document.documentElement.lang);
  const fill = (el: HTMLElement, key: 'foundTemplate' | 'template', n: number) => {
    const other = el.dataset[key] ?? '{n}';
    return plural(lang, n, { one: el.dataset[`${key}One`] ?? other, other });
  };
  const filter = (cards: HTMLElement[]) =>
    cards.filter((card) => !(card.hidden = !!type() && card.dataset.type !== type()));
  group.addEventListener('change', () => {
    filter([...list.children] as HTMLElement[]);
    status.textContent = type()
      ? fill(status, 'foundTemplate', Number(root.getAttribute(`data-count-${type()}`)))
      : total;
    // Nothing of this type loaded yet: bring in the next page.
    if (!list.querySelector(':scope > li:not([hidden])') && more && !more.hidden) void load(false);
  });

  let busy = false;
  async function load(focus: boolean): Promise<void> {
    if (busy || !more || !announce) return;
    busy = true;
    try {
      let shown: HTMLElement[] = [];
      // With a filter on, keep going until a page brings a card of that type.
      while (!shown.length && more.dataset.next) {
        const response = await fetch(more.dataset.next);
        if (!response.ok) throw new Error(String(response.status));
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        const cards = [...doc.querySelectorAll<HTMLElement>('[data-results] > li')];
        list!.append(...cards);
        shown = filter(cards);
        const nav = doc.querySelector('.pagination');
        if (nav) root.querySelector('.pagination')?.replaceWith(nav);
        more.dataset.next = doc.querySelector<HTMLElement>('[data-load-more-slot]')?.dataset.next ?? '';
      }
      more.hidden = !more.dataset.next;
      announce.textContent = fill(announce, 'template', shown.length);
      if (focus) (shown[0]?.querySelector('a') ?? (more.hidden ? status! : more)).focus();
    } catch {
      announce.textContent = more.dataset.failed ?? '';
    } finally {
      busy = false;
    }
  }
  if (more) {
    more.addEventListener('click', () => void load(true));
  }
}
