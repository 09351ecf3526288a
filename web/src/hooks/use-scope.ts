import { useState } from 'react';
import { type Selection, useSession } from '@/lib/session';

/**
 * The stage and subject a page works in: the header's choice until the page picks another (the
 * page's own choice does not change the header's).
 */
export function useScope(): [scope: Selection | null, choose: (next: Selection) => void] {
  const selection = useSession((s) => s.selection);
  const [choice, setChoice] = useState<Selection | null>(null);
  return [choice ?? selection, setChoice];
}
