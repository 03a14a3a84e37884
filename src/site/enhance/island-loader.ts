// The full-screen loader of spec section 3: shown while the shared loading counter is not 0 (after
// 400 ms, so quick loads do not flash), made on first use. It does not block the page: a reader
// can keep reading and scrolling. Loaded by island-fallback.ts on pages with islands only.
import { $loading, startLoading } from '../stores/app-state.ts';

export { startLoading };

let loader: HTMLElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
$loading.subscribe((loading) => {
  clearTimeout(timer);
  if (!loading) {
    if (loader) loader.hidden = true;
    return;
  }
  timer = setTimeout(() => {
    if (!loader) {
      loader = document.createElement('div');
      loader.className = 'page-loader';
      loader.setAttribute('role', 'status');
      const label = document.createElement('span');
      label.textContent = document.getElementById('main')?.dataset.loading ?? '…';
      loader.append(label);
      document.body.append(loader);
    }
    loader.hidden = false;
  }, 400);
});
