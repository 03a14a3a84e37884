// The housing benefit's numbers, once: the screening, the form's check and its messages read them here.

/** Household employment income before tax over the past 12 months (spec section 9): outside it,
 * the screening says "probably not" and the form warns (not blocks) before sending. */
export const INCOME_MIN = 12_500;
export const INCOME_MAX = 50_000;

/** Ages that place a person among the adults (19 and over) or the minors (18 and under). */
export const ADULT_AGE = 19;
export const MINOR_AGE = 18;

export const HOURS_MIN = 1;
export const HOURS_MAX = 80;
export const EXTRA_BEDROOMS_MAX = 5;

/** What the messages' placeholders are filled with. */
export const messageLimits = {
  adult: ADULT_AGE,
  minor: MINOR_AGE,
  hoursMin: HOURS_MIN,
  hoursMax: HOURS_MAX,
  bedroomsMax: EXTRA_BEDROOMS_MAX,
};
