import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { WorkTaskCheckResult } from '@/generated/WorkTaskCheckResult';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { formatText } from '@/lib/report-format';
import { useCheckWorkTasks } from '../../api/qc';
import { NOTE_MAX_CHARS, QUALIFIED, UNQUALIFIED } from '../../work-task-dict';

export interface CheckModalProps {
  /** The tasks checked (one: 质检; several: 批量质检); none: closed. */
  tasks: readonly WorkTaskRow[];
  onClose: () => void;
  /** After the server answered, with the tasks sent. */
  onChecked: (result: WorkTaskCheckResult, tasks: readonly WorkTaskRow[]) => void;
}

const REMARK_REQUIRED = '不合格时请填写质检备注';

/** One task's facts the inspector judges by. */
function TaskFacts({ task }: { task: WorkTaskRow }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {task.taskName} · {task.stepName} · {task.courseTypeDesc}
      </Text>
      <Text size="sm" c="dimmed">
        执行人：{formatText(task.executorName)}（{formatText(task.executorRoleDesc)}） 学员：
        {formatText(task.studentName)}
      </Text>
      <Text size="sm">完成说明：{formatText(task.note)}</Text>
      {task.firstTag && <Text size="sm">AI 标记：{task.firstTag}</Text>}
    </Stack>
  );
}

/**
 * 质检 / 批量质检: 合格, or 不合格 with a remark (required, as the server requires it), for every
 * task given. Tasks not done yet are left alone by the server, which says so.
 */
export function CheckModal({ tasks, onClose, onChecked }: CheckModalProps) {
  const [qcStatus, setQcStatus] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ qcStatus?: string; remark?: string }>({});
  const check = useCheckWorkTasks();
  const single = tasks.length === 1 ? tasks[0] : undefined;

  const close = () => {
    setQcStatus(null);
    setRemark('');
    setErrors({});
    onClose();
  };
  const submit = () => {
    const text = remark.trim();
    const found = {
      ...(qcStatus === null ? { qcStatus: '请选择质检结果' } : {}),
      ...(qcStatus === UNQUALIFIED && !text ? { remark: REMARK_REQUIRED } : {}),
    };
    setErrors(found);
    if (qcStatus === null || found.remark) return;
    const sent = tasks;
    check.mutate(
      { ids: sent.map((t) => t.id), qcStatus, ...(text ? { remark: text } : {}) },
      {
        onSuccess: (result) => {
          close();
          onChecked(result, sent);
        },
      },
    );
  };

  return (
    <Modal opened={tasks.length > 0} onClose={close} title={single ? '质检' : '批量质检'} centered>
      <Stack gap="sm">
        {single ? <TaskFacts task={single} /> : <Text size="sm">已选择 {tasks.length} 条任务</Text>}
        <Radio.Group
          label="质检结果"
          withAsterisk
          value={qcStatus === null ? null : String(qcStatus)}
          error={errors.qcStatus}
          onChange={(v) => setQcStatus(Number(v))}
        >
          <Group gap="md" mt={6}>
            <Radio value={String(QUALIFIED)} label="合格" />
            <Radio value={String(UNQUALIFIED)} label="不合格" />
          </Group>
        </Radio.Group>
        <Textarea
          label="质检备注"
          placeholder={qcStatus === UNQUALIFIED ? '不合格时必填' : '选填'}
          withAsterisk={qcStatus === UNQUALIFIED}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={NOTE_MAX_CHARS}
          description={`${remark.length}/${NOTE_MAX_CHARS}`}
          value={remark}
          error={errors.remark}
          onChange={(e) => setRemark(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            取消
          </Button>
          <Button onClick={submit} loading={check.isPending}>
            确定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
