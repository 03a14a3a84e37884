// 211 chat disclaimer acceptance, kept for the browser session (spec: default false).
import { atom } from 'nanostores';

const KEY = 'chat211.disclaimerAccepted';

function initial(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export const $disclaimerAccepted = atom(initial());
$disclaimerAccepted.listen((accepted) => {
  try {
    if (accepted) sessionStorage.setItem(KEY, 'true');
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage may be disabled; the flag still holds for this page */
  }
});
