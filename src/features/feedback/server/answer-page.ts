// The service's answer to a feedback form posted without JavaScript: a small page in the form's
// language that says what happened (thanks only once stored, or what is missing), offers the
// optional comment after a Yes/No, and links back to the page. The static page never carries the
// thanks: text browsers print hidden text.
import { escapeHtml as e } from '../../../site/rules/escape-html.ts';
import { feedbackStrings } from '../strings.ts';

export function feedbackAnswerPage(answer: {
  lang: 'en' | 'fr';
  page: string;
  outcome: 'answered' | 'commented' | 'missing';
}): string {
  const s = feedbackStrings[answer.lang];
  const heading = answer.outcome === 'missing' ? s.feedbackMissing : s.feedbackThanks;
  const role = answer.outcome === 'missing' ? ' role="alert"' : '';
  const comment =
    answer.outcome === 'commented'
      ? ''
      : `<form method="post" action="/api/feedback">
<input type="hidden" name="page" value="${e(answer.page)}">
<input type="hidden" name="lang" value="${answer.lang}">
<p><label for="feedback-comment">${e(s.feedbackComment)}</label><br>
<textarea id="feedback-comment" name="comment" rows="4" cols="40" maxlength="1000"></textarea></p>
<p>${e(s.feedbackAnonymous)}</p>
<p><button type="submit">${e(s.feedbackSend)}</button></p>
</form>`;
  return `<!doctype html>
<html lang="${answer.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(s.feedbackPageTitle)}</title>
</head>
<body>
<main>
<h1${role}>${e(heading)}</h1>
${comment}
<p><a href="${e(answer.page)}">${e(s.feedbackBack)}</a></p>
</main>
</body>
</html>
`;
}
