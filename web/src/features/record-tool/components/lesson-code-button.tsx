import { Button, Center, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { formatInstant } from '@/lib/report-format';
import { useLessonCode } from '../api/lessons';

/** The lesson's code as a QR code of its scan page's whole address, with the link to copy. */
function LessonCodeBody({ lessonId }: { lessonId: number }) {
  const code = useLessonCode(lessonId, true);
  if (code.isPending) {
    return (
      <Center p="lg">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (code.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {code.error.message}
      </Text>
    );
  }
  const link = window.location.origin + code.data.path;
  return (
    <Stack gap="sm" align="center">
      <QRCodeSVG value={link} size={220} marginSize={2} role="img" aria-label="听课二维码" />
      <Text size="sm" c="dimmed" ta="center">
        听课人用手机扫码即可开始听课 · 有效期至 {formatInstant(code.data.expireTime)}
      </Text>
      <Group gap="xs" w="100%" wrap="nowrap">
        <TextInput aria-label="听课链接" value={link} readOnly style={{ flex: 1 }} />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? '已复制' : '复制链接'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * 听课二维码: the lesson's scan code (its teacher's, or a visitor's in scope) shown in the classroom
 * as a QR code; a visitor scanning it opens 扫码听课 for the lesson.
 */
export function LessonCodeButton({ lessonId }: { lessonId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        听课二维码
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="听课二维码" centered>
        {opened && <LessonCodeBody lessonId={lessonId} />}
      </Modal>
    </>
  );
}
