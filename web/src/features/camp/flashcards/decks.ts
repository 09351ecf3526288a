// Flash-card decks as the flash-card pages (闪卡, 闪卡库, 闪卡统计) list them. A deck is a camp's
// flash-card task (03 §3: resource type 4): the server keeps flash cards only inside camps, so the
// decks are the flash-card tasks of the caller's camps' working copies, each with its camp and
// phase.

import type { CampListRow } from '@/generated/CampListRow';
import type { CampPhase } from '@/generated/CampPhase';
import type { FlashCard } from '@/generated/FlashCard';
import type { PhaseTask } from '@/generated/PhaseTask';
import { TASK_FLASH_CARDS } from '../camp-dict';

export interface FlashCardDeck {
  camp: CampListRow;
  phase: CampPhase;
  task: PhaseTask;
  cards: FlashCard[];
}

export const isFlashCardTask = (task: PhaseTask) => task.taskType === TASK_FLASH_CARDS;

/** The decks of one camp's phases, in the phases' and tasks' order. */
export function decksOf(camp: CampListRow, phases: readonly CampPhase[]): FlashCardDeck[] {
  return phases.flatMap((phase) =>
    phase.tasks.filter(isFlashCardTask).map((task) => ({ camp, phase, task, cards: task.cards ?? [] })),
  );
}

/** The decks whose name, a card's side, the camp's or the phase's name contains `keyword`. */
export function matchDecks(decks: readonly FlashCardDeck[], keyword: string): FlashCardDeck[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...decks];
  const has = (text: string) => text.toLowerCase().includes(k);
  return decks.filter(
    (d) =>
      has(d.task.taskName) ||
      has(d.camp.campName) ||
      has(d.phase.phaseName) ||
      d.cards.some((c) => has(c.front) || has(c.back)),
  );
}

/** A deck's key among all decks. */
export const deckKey = (d: FlashCardDeck) => `${d.camp.campId}-${d.task.taskId}`;
