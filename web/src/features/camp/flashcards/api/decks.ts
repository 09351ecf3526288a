// Every flash-card deck of the caller: their camps (camp/statistics/campListByCollectionId) and
// each camp's working copy (camp/phase), read under the builder's own keys so that a deck added,
// edited or deleted here or in the builder shows everywhere. No call lists flash cards across
// camps, so this reads one camp list and then one phase list per camp.

import { useQueries } from '@tanstack/react-query';
import type { CampListRow } from '@/generated/CampListRow';
import { useCampList } from '../../api/camps';
import { campKeys } from '../../api/camp-keys';
import { getCampPhases } from '../../api/phases';
import { decksOf, type FlashCardDeck } from '../decks';

export interface FlashCardDecks {
  camps: CampListRow[];
  decks: FlashCardDeck[];
  /** The camps or some camp's phases are being read for the first time. */
  pending: boolean;
  fetching: boolean;
  /** The first failure's message, if any. */
  error: string | null;
}

export function useFlashCardDecks(): FlashCardDecks {
  const list = useCampList({});
  const camps = list.data ?? [];
  // Without the loading overlay: one read per camp would flash it once for each.
  const phases = useQueries({
    queries: camps.map((c) => ({
      queryKey: campKeys.phases(c.campId),
      queryFn: () => getCampPhases(c.campId, { noLoading: true }),
    })),
  });
  const decks = camps.flatMap((camp, i) => decksOf(camp, phases[i]?.data ?? []));
  const failed = list.error ?? phases.find((p) => p.error)?.error ?? null;
  return {
    camps,
    decks,
    pending: list.isPending || phases.some((p) => p.isPending),
    fetching: list.isFetching || phases.some((p) => p.isFetching),
    error: failed ? failed.message : null,
  };
}
