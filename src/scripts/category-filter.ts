// Category pages: the type filter works on the listed cards of this page (the static pages
// already work without it) and the found-count follows.
for (const root of document.querySelectorAll<HTMLElement>('[data-category-listing]')) {
  const form = root.querySelector<HTMLFormElement>('[data-category-filter]');
  const status = root.querySelector<HTMLElement>('.found');
  if (!form || !status) continue;
  form.hidden = false;
  const total = status.textContent ?? '';
  form.addEventListener('change', () => {
    const type = new FormData(form).get('type') || '';
    let shown = 0;
    for (const card of root.querySelectorAll<HTMLElement>('[data-results] > li')) {
      const match = !type || card.dataset.type === type;
      card.hidden = !match;
      if (match) shown++;
    }
    status.textContent = type ? (status.dataset.foundTemplate ?? '{n}').replace('{n}', String(shown)) : total;
  });
}
