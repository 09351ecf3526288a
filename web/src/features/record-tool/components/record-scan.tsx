import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { Link } from 'react-router';
import { useScannedLesson } from '../api/lessons';
import { useOpenVisit } from '../hooks/use-open-visit';
import { RECORD_TOOL_ROUTES, recordToolPath } from '../record-tool-paths';
import { scanCodeOf } from '../visit-rules';
import { CameraScanButton } from './camera-scan';
import { VisitableLessonCard } from './visitable-lesson-card';

/** The lesson a code names, with 开始听课 / 继续听课; a refused code says why. */
function ScannedLesson({ code }: { code: string }) {
  const lesson = useScannedLesson(code);
  const visit = useOpenVisit();
  if (lesson.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (lesson.isError) {
    return (
      <Alert color="red" title="无法识别该二维码">
        {lesson.error.message}
      </Alert>
    );
  }
  return (
    <VisitableLessonCard
      item={lesson.data}
      onOpen={(id) => visit.open(id)}
      opening={visit.pendingLessonId === lesson.data.lesson.id}
    />
  );
}

/** What was scanned or pasted: a lesson code or a link carrying one. */
function CodeEntry({ onCode }: { onCode: (code: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const read = (value: string) => {
    const code = scanCodeOf(value);
    if (code) {
      setError(null);
      onCode(code);
    } else setError('未识别到听课码，请粘贴完整的二维码链接或听课码');
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    read(text);
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="输入听课码">
      <Stack gap="sm">
        <TextInput
          label="二维码链接或听课码"
          description="用手机扫描课堂上的听课二维码，或将扫到的链接粘贴到这里"
          placeholder="https://…/recordTool/recordScan?code=…"
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group gap="sm">
          <Button type="submit">识别</Button>
          <CameraScanButton onScan={read} />
        </Group>
      </Stack>
    </Paper>
  );
}

export interface RecordScanProps {
  /** The scanned code (`?code=`), null when none yet. */
  code: string | null;
  /** A code was entered: the page goes to it (`?code=`). */
  onCode: (code: string) => void;
}

/**
 * /recordTool/recordScan (扫码听课): a lesson's scan code — from the QR code shown in the
 * classroom, which opens this page with `?code=`, or pasted here — names the lesson to visit, with
 * 开始听课 or 继续听课. An invalid or expired code is refused by the server (二维码无效或已过期).
 */
export function RecordScan({ code, onCode }: RecordScanProps) {
  return (
    <Stack p="md" gap="md" maw={720}>
      <Group justify="space-between" gap="sm">
        <Title order={4}>扫码听课</Title>
        <Anchor component={Link} to={recordToolPath(RECORD_TOOL_ROUTES.start)} size="sm">
          按日期选课
        </Anchor>
      </Group>
      {code && <ScannedLesson key={code} code={code} />}
      {code && (
        <Text size="sm" c="dimmed">
          扫描其他课次：
        </Text>
      )}
      <CodeEntry onCode={onCode} />
    </Stack>
  );
}
