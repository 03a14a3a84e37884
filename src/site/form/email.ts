// The one email check of every form (the correction request, the housing benefit registration):
// something@something.something, no spaces. Deliberately loose: a typo is caught, a real address never refused.
// Linear: the domain's labels cannot hold a dot, so a dot is never split two ways (the old
// `[^\s@]+\.[^\s@]+` was quadratic: 1.25 s of CPU for 16 KB). The length is checked first anyway.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The longest address that can be delivered (RFC 5321 path limit): checked before the pattern. */
export const EMAIL_MAX_LENGTH = 254;

export const isEmail = (text: string): boolean => text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
