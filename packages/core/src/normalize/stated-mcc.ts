/**
 * A merchant category code some banks print in the description (`... Card 1234Merchant Category Code: 5814`,
 * Wells Fargo's `... ?MCC=5411`); the anatomy takes the same words off the name.
 */
export const statedCategoryCode = /(?:MERCHANT CATEGORY CODE:?|\?MCC=) ?(\d{4})\b/i;
