import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { VisitDetail } from '@/generated/VisitDetail';
import { showSuccess, showWarning } from '@/lib/toast';
import { useFinishVisit, useSaveVisit } from '../api/visits';
import { MAX_VISIT_SUMMARY_CHARS } from '../record-tool-dict';
import { noteIndexFor, noteValue, saveBodyOf, type SheetValues, sheetValuesOf } from '../visit-sheet-values';
import { ScoreFields } from './score-fields';
import { TimelineNotes } from './timeline-notes';

/**
 * The record sheet being written by its visitor: a score per dimension, the timeline of the
 * lesson, the summary. 保存 sends the whole record; 完成记录 asks first (a finished record is no
 * longer changed and its teacher reads it), then saves and finishes it — every dimension must be
 * scored and a summary written, here as on the server.
 */
export function VisitSheet({ detail }: { detail: VisitDetail }) {
  const save = useSaveVisit();
  const finish = useFinishVisit();
  const [confirming, setConfirming] = useState(false);
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
  const busy = save.isPending || finish.isPending;

  /** The server's record becomes the form's, not changed since. */
  const saved = (next: VisitDetail) => {
    const fresh = sheetValuesOf(next);
    form.setInitialValues(fresh);
    form.setValues(fresh);
    form.resetDirty(fresh);
  };

  const submit = () => {
    if (form.validate().hasErrors) return;
    save.mutate(saveBodyOf(detail, values), {
      onSuccess: (next) => {
        saved(next);
        showSuccess('听课记录已保存');
      },
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
    } catch {
      // The API client showed why; the record stays open.
      setConfirming(false);
    }
  };

  const errorText = (path: string) => {
    const error = form.errors[path];
    return typeof error === 'string' ? error : undefined;
  };

  return (
    <Stack gap="md">
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
        {form.isDirty() && (
          <Text size="sm" c="orange">
            有未保存的修改
          </Text>
        )}
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
    </Stack>
  );
}
