import { GuardedButton } from '@/components/ui/guarded-button';
import { useSaveToKnowledge } from '../api/save-to-knowledge';

/** 保存到知识库 for a paper the user can read; the result is announced when it is pushed. */
export function SaveToKnowledgeButton({ paperId }: { paperId: number }) {
  const save = useSaveToKnowledge();
  return (
    <GuardedButton variant="default" size="xs" onClick={() => save.mutate(paperId)}>
      保存到知识库
    </GuardedButton>
  );
}
