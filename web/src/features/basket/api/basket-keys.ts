// The query keys of the basket (试题篮): its questions by type, and the codes of the bank's filters.

const all = ['basket'] as const;

export const basketKeys = {
  all,
  list: () => [...all, 'list'] as const,
  enums: () => [...all, 'enums'] as const,
};
