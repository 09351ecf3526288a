// The teaching-aid library's limits as the forms apply them.

export const AID_LIMITS = {
  title: 100,
  description: 500,
} as const;

/** Aids per page of a list. */
export const AID_PAGE_SIZE = 20;
