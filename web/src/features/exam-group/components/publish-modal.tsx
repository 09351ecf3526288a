import { Alert, Anchor, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ExamRow } from '@/generated/ExamRow';
import { showSuccess } from '@/lib/toast';
import { usePublishExam } from '../api/exams';
import { useSelection } from '../api/selection';
import { EXAM_LIMITS } from '../exam-dict';
import { examGroupsPath } from '../exam-paths';
import { checkPublish, defaultDraft, type PublishDraft, type PublishErrors } from '../publish-form';

export interface PublishModalProps {
  opened: boolean;
  onClose: () => void;
  /** The exam published (the selection is then empty). */
  onPublished: (exam: ExamRow) => void;
}

/**
 * 发布考试: name, time range and full mark; the exam goes to the students of my selection, which
 * the server then empties. With nothing selected the form says so and links to 考试分组.
 */
export function PublishModal({ opened, onClose, onPublished }: PublishModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="发布考试" centered>
      {opened && <PublishForm onClose={onClose} onPublished={onPublished} />}
    </Modal>
  );
}

function PublishForm({ onClose, onPublished }: Omit<PublishModalProps, 'opened'>) {
  const selection = useSelection();
  const publish = usePublishExam();
  const [draft, setDraft] = useState<PublishDraft>(() => defaultDraft(Date.now()));
  const [errors, setErrors] = useState<PublishErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const count = selection.data?.length ?? 0;
  const empty = selection.isSuccess && count === 0;

  const set = <K extends keyof PublishDraft>(key: K, value: PublishDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const checked = checkPublish(draft);
    setFailure(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    publish.mutate(checked.request, {
      onSuccess: (exam) => {
        showSuccess(`考试「${exam.examName}」已发布给 ${exam.memberCount} 名学生`);
        onPublished(exam);
        onClose();
      },
      onError: (err) => setFailure(err.message),
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        {empty ? (
          <Alert color="yellow" title="尚未选择学生" role="status">
            发布前请先选择参加考试的学生。{' '}
            <Anchor component={Link} to={examGroupsPath()} onClick={onClose}>
              去考试分组选择学生
            </Anchor>
          </Alert>
        ) : (
          <Text size="sm">
            将发布给已选的 <b>{selection.isSuccess ? count : '…'}</b> 名学生
          </Text>
        )}
        <TextInput
          label="考试名称"
          maxLength={EXAM_LIMITS.name}
          value={draft.examName}
          onChange={(e) => set('examName', e.currentTarget.value)}
          error={errors.examName}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label="开始时间"
            value={draft.start}
            onChange={(e) => set('start', e.currentTarget.value)}
            error={errors.start}
          />
          <TextInput
            type="datetime-local"
            label="结束时间"
            value={draft.end}
            onChange={(e) => set('end', e.currentTarget.value)}
            error={errors.end}
          />
        </Group>
        <NumberInput
          label="满分"
          min={EXAM_LIMITS.fullScoreMin}
          max={EXAM_LIMITS.fullScoreMax}
          decimalScale={1}
          value={draft.fullScore}
          onChange={(v) => set('fullScore', v)}
          error={errors.fullScore}
          w={160}
        />
        {failure && (
          <Alert color="red" title="发布失败" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={publish.isPending} disabled={empty}>
            发布
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
