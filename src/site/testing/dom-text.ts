// Text helpers for component tests. Testing Library reads any run of spaces in the page as one
// space (French typography's no-break spaces before « : », « ? » and inside « » included) but takes
// the text asked for as it is: asking with words() compares like with like.

/** The text with each run of spaces (no-break ones included) as one plain space. */
export const words = (text: string) => text.replace(/\s+/g, ' ');

/** A Testing Library matcher that finds the text inside a longer one, whatever its spaces. */
export const containing = (text: string) => (content: string) => words(content).includes(words(text));

/** Whether the element would be shown: neither it nor a parent is `hidden`. */
export const shown = (element: Element | null) => Boolean(element && !element.closest('[hidden]'));
