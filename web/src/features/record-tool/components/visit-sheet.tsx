import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { LeaveGuard } from '@/components/ui/leave-guard';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { ErrorCode } from '@/generated/codes';
import type { VisitDetail } from '@/generated/VisitDetail';
import { isApiError, showError } from '@/lib/api-client';
import { showSuccess, showWarning } from '@/lib/toast';
import { useFinishVisit, useSaveVisit, visitQueryOptions } from '../api/visits';
import { type SaveStatus, useVisitAutosave } from '../hooks/use-visit-autosave';
import { MAX_VISIT_SUMMARY_CHARS, VISIT_RECORDING } from '../record-tool-dict';
import { noteIndexFor, noteValue, saveBodyOf, type SheetValues, sheetValuesOf } from '../visit-sheet-values';
import { ScoreFields } from './score-fields';
import { TimelineNotes } from './timeline-notes';

/** An instant's local clock, HH:mm:ss. */
function clockText(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Where the record stands: saved (when, and whether by the autosave), being saved, not saved. */
function SaveIndicator({ status }: { status: SaveStatus }) {
  let text = '';
  let color = 'dimmed';
  switch (status.kind) {
    case 'clean':
      break;
    case 'saving':
      text = '保存中…';
      break;
    case 'saved':
      text = `${status.auto ? '已自动保存' : '已保存'} ${clockText(status.at)}`;
      color = 'green';
      break;
    case 'unsaved':
      text = status.error ? `有未保存的修改（自动保存失败：${status.error}）` : '有未保存的修改';
      color = 'orange';
      break;
    case 'stopped':
      text = '自动保存已停止';
      color = 'red';
      break;
  }
  return (
    <Text size="sm" c={color} role="status" aria-label="保存状态">
      {text}
    </Text>
  );
}

/**
 * The record sheet being written by its visitor: a score per dimension, the timeline of the
 * lesson, the summary. The record saves itself a few seconds after the last change (quietly; the
 * indicator says when); 保存 sends the whole record at once; 完成记录 asks first (a finished record
 * is no longer changed and its teacher reads it), then saves and finishes it — every dimension
 * must be scored and a summary written, here as on the server. A conflict (the visit finished or
 * changed elsewhere) stops the autosave and says so; leaving with unsaved changes asks first.
 */
export function VisitSheet({ detail }: { detail: VisitDetail }) {
  const queryClient = useQueryClient();
  const save = useSaveVisit();
  const finish = useFinishVisit();
  const [confirming, setConfirming] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const form = useForm<SheetValues>({
    mode: 'controlled',
    initialValues: sheetValuesOf(detail),
    validate: {
      notes: {
        minute: (v) => (v === '' ? '请填写分钟' : null),
        text: (v) => (v.trim() ? null : '请填写内容'),
      },
    },
  });
  const values = form.getValues();
  const autosave = useVisitAutosave({
    body: saveBodyOf(detail, values),
    readBody: () => saveBodyOf(detail, sheetValuesOf(detail)),
    enabled: detail.status === VISIT_RECORDING && !save.isPending && !finish.isPending && !confirming && form.isValid(),
  });
  const leaveGuard = useLeaveGuard(autosave.unsaved);
  const busy = save.isPending || finish.isPending || autosave.saving;
  const stopped = autosave.status.kind === 'stopped' ? autosave.status.message : null;

  /** The server's record becomes the form's, not changed since; the values put in the form. */
  const adopt = (next: VisitDetail) => {
    const fresh = sheetValuesOf(next);
    form.setInitialValues(fresh);
    form.setValues(fresh);
    form.resetDirty(fresh);
    form.clearErrors();
    return saveBodyOf(next, fresh);
  };

  /** The record as this page's save stored it. */
  const saved = (next: VisitDetail) => autosave.markSaved(adopt(next));

  /** 刷新 after a conflict: the record as the server has it now (its page turns read-only once finished). */
  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = await queryClient.query({ ...visitQueryOptions(detail.id), staleTime: 0 });
      if (fresh.canEdit) autosave.restart(adopt(fresh));
    } catch (e) {
      showError(e instanceof Error ? e.message : '未能读取听课记录');
    } finally {
      setRefreshing(false);
    }
  };

  /** A conflict met by a save stops the autosave too. */
  const failed = (e: Error) => {
    if (isApiError(e, ErrorCode.Conflict)) autosave.stop(e.message);
  };

  const submit = () => {
    if (form.validate().hasErrors) return;
    save.mutate(saveBodyOf(detail, values), {
      onSuccess: (next) => {
        saved(next);
        showSuccess('听课记录已保存');
      },
      onError: failed,
    });
  };

  /** Checks what finishing needs, then asks. */
  const askFinish = () => {
    const invalid = form.validate().hasErrors;
    let missing = false;
    values.scores.forEach((score, i) => {
      if (score === '') {
        form.setFieldError(`scores.${i}`, '完成前请为此项评分');
        missing = true;
      }
    });
    if (!values.summary.trim()) {
      form.setFieldError('summary', '完成前请填写总评');
      missing = true;
    }
    if (missing) showWarning('还有未评分的维度或未填写的总评，补全后才能完成记录');
    if (!invalid && !missing) setConfirming(true);
  };

  const finishNow = async () => {
    try {
      saved(await save.mutateAsync(saveBodyOf(detail, values)));
      await finish.mutateAsync(detail.id);
      showSuccess('听课记录已完成');
    } catch (e) {
      // The API client showed why; the record stays open.
      if (e instanceof Error) failed(e);
      setConfirming(false);
    }
  };

  const errorText = (path: string) => {
    const error = form.errors[path];
    return typeof error === 'string' ? error : undefined;
  };

  return (
    <Stack gap="md">
      {stopped && (
        <Alert color="red" title="自动保存已停止" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{stopped}</Text>
            <Text size="sm" c="dimmed">
              此页未保存的修改不会再自动保存。请先复制需要保留的内容，再刷新读取最新的记录。
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refresh()} loading={refreshing}>
              刷新
            </Button>
          </Stack>
        </Alert>
      )}
      <ScoreFields
        dimensions={detail.scores}
        values={values.scores}
        errors={detail.scores.map((_, i) => form.errors[`scores.${i}`])}
        onChange={(i, v) => form.setFieldValue(`scores.${i}`, v)}
      />
      <TimelineNotes
        lesson={detail.lesson}
        notes={values.notes}
        errorOf={errorText}
        onChange={(i, patch) => {
          if (patch.minute !== undefined) form.setFieldValue(`notes.${i}.minute`, patch.minute);
          if (patch.text !== undefined) form.setFieldValue(`notes.${i}.text`, patch.text);
        }}
        onRemove={(i) => form.removeListItem('notes', i)}
        onAdd={(note) =>
          form.insertListItem('notes', noteValue(note), noteIndexFor(form.getValues().notes, note.minute))
        }
      />
      <Paper withBorder p="md" radius="md" component="section" aria-label="总评">
        <Stack gap="xs">
          <Title order={5}>总评</Title>
          <Textarea
            label="总评"
            placeholder="本节课的亮点、问题与建议"
            autosize
            minRows={4}
            maxRows={14}
            maxLength={MAX_VISIT_SUMMARY_CHARS}
            description={`${values.summary.length}/${MAX_VISIT_SUMMARY_CHARS}`}
            {...form.getInputProps('summary')}
          />
        </Stack>
      </Paper>
      <Group justify="flex-end" gap="sm">
        <SaveIndicator status={autosave.status} />
        <Button variant="default" onClick={submit} loading={save.isPending && !confirming} disabled={busy}>
          保存
        </Button>
        <Button onClick={askFinish} disabled={busy}>
          完成记录
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="完成听课记录"
        message="完成后记录不能再修改，授课老师将可以查看。确定完成吗？"
        confirmLabel="完成记录"
        busy={busy}
        onConfirm={() => void finishNow()}
        onClose={() => setConfirming(false)}
      />
      <LeaveGuard guard={leaveGuard} message="听课记录有未保存的修改，离开后这些修改将丢失。确定离开吗？" />
    </Stack>
  );
}
