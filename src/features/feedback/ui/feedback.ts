// Progressive enhancement of the feedback form: yes/no, then optional text, then thank-you.
for (const root of document.querySelectorAll<HTMLElement>('[data-feedback]')) {
  const form = root.querySelector('form')!;
  const step = (name: string) => root.querySelector<HTMLElement>(`[data-step="${name}"]`)!;
  let answer = '';
  const send = async (comment: string) => {
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const body = { page: data.page, lang: data.lang, answer, comment, website: data.website ?? '' };
    await fetch(`${root.dataset.intake ?? ''}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.name === 'answer') {
      answer = submitter.value;
      step('answer').hidden = true;
      step('comment').hidden = false;
      root.querySelector<HTMLTextAreaElement>('textarea')!.focus();
      return;
    }
    void send(root.querySelector<HTMLTextAreaElement>('textarea')!.value).then(() => {
      form.hidden = true;
      const thanks = step('thanks');
      thanks.hidden = false;
      thanks.focus();
    });
  });
  if (new URLSearchParams(location.search).get('feedback') === 'thanks') {
    form.hidden = true;
    step('thanks').hidden = false;
  }
}
