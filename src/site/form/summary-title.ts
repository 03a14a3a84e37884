// A page script's error summary starts without its title in the HTML (form-html.ts keeps it in
// data-title, so a text browser does not print "There is a problem" before there is one): written
// when the summary is shown.
export function writeSummaryTitle(summary: HTMLElement): void {
  const title = summary.querySelector<HTMLElement>('[data-title]');
  if (title && !title.textContent) title.textContent = title.dataset.title ?? '';
}
