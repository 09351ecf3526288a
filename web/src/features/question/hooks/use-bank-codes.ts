import { useBasketEnums } from '@/features/basket/api/basket';
import { type Coded, coded } from '../question-dict';

/** The codes a bank search filters by, with their names (empty until they are read). */
export interface BankCodes {
  types: Coded[];
  difficulties: Coded[];
  sources: Coded[];
  orders: Coded[];
}

/** The question types, difficulties, sources and orders of the bank (basket/question/enums). */
export function useBankCodes(): BankCodes {
  const enums = useBasketEnums();
  return {
    types: coded(enums.data?.questionTypes),
    difficulties: coded(enums.data?.difficulties),
    sources: coded(enums.data?.sources),
    orders: coded(enums.data?.orders),
  };
}
