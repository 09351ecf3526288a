import { GuardedButton } from '@/components/ui/guarded-button';
import { submitSaveToKnowledge } from '../knowledge-save-store';

/** 保存到知识库 for a paper the user can read; the result is announced when it is pushed. */
export function SaveToKnowledgeButton({ paperId }: { paperId: number }) {
  return (
    <GuardedButton variant="default" size="xs" onClick={() => void submitSaveToKnowledge(paperId)}>
      保存到知识库
    </GuardedButton>
  );
}
