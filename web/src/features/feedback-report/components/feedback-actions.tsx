import {
  Alert,
  Anchor,
  Button,
  Center,
  CopyButton,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Timing } from '@/generated/codes';
import type { FeedbackReportSummary } from '@/generated/FeedbackReportSummary';
import { formatDateTime } from '@/lib/format';
import {
  type FeedbackRequestContext,
  STATUS_DRAFT,
  STATUS_SUBMITTED,
  usePreviewQrCode,
  useSubmitReport,
} from '../api/feedback-report';

export interface SubmitReportButtonProps extends FeedbackRequestContext {
  report: FeedbackReportSummary;
}

/**
 * 提交 (the report's teacher): after the full-submit confirm, a draft is confirmed and then
 * submitted; a confirmed one is submitted. Disabled once submitted; the server then makes the
 * report read-only for everyone (open editors reconnect as readers).
 */
export function SubmitReportButton({ report, fromWorkChat }: SubmitReportButtonProps) {
  const [opened, setOpened] = useState(false);
  const submit = useSubmitReport(report.reportId, { fromWorkChat });
  const submitted = report.status === STATUS_SUBMITTED;

  const close = () => {
    if (submit.isPending) return;
    setOpened(false);
    submit.reset();
  };

  const confirm = () =>
    submit.mutate(report.status, {
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'green', message: '报告已提交', autoClose: Timing.TOAST_MS });
      },
    });

  return (
    <>
      <Button
        size="xs"
        onClick={() => setOpened(true)}
        disabled={submitted}
        title={submitted ? '报告已提交，不能再修改' : undefined}
      >
        提交
      </Button>
      <Modal opened={opened} onClose={close} title="全部提交" centered>
        <Stack>
          <Text size="sm">确认提交全部内容吗？提交后报告不能再修改，共同编辑的老师也将只能查看。</Text>
          {report.status === STATUS_DRAFT && (
            <Text size="sm" c="dimmed">
              报告将先确认，再提交。
            </Text>
          )}
          {submit.isError && (
            <Alert color="red" title="提交失败" role="alert">
              {submit.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={submit.isPending}>
              取消
            </Button>
            <Button onClick={confirm} loading={submit.isPending}>
              确认提交
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export interface PreviewLinkButtonProps extends FeedbackRequestContext {
  reportId: number;
}

/**
 * 预览链接: a signed read-only link to the report (no login needed) with its QR code, to copy or
 * scan, valid until the report's expiry. Each opening asks the server for the link.
 */
export function PreviewLinkButton({ reportId, fromWorkChat }: PreviewLinkButtonProps) {
  const [opened, setOpened] = useState(false);
  const link = usePreviewQrCode(reportId, { fromWorkChat });

  const open = () => {
    setOpened(true);
    link.mutate();
  };

  return (
    <>
      <Button variant="default" size="xs" onClick={open}>
        预览链接
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="预览链接" centered>
        {link.isPending || link.isIdle ? (
          <Center mih={160}>
            <Loader aria-label="正在生成预览链接" />
          </Center>
        ) : link.isError ? (
          <Stack>
            <Alert color="red" title="预览链接生成失败" role="alert">
              {link.error.message}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => link.mutate()}>
                重试
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack align="stretch">
            <Center>
              <Image src={link.data.qrcode} alt="预览二维码" w={200} h={200} />
            </Center>
            <Text size="sm" c="dimmed" ta="center">
              家长扫码或打开链接即可查看报告（只读，无需登录）
            </Text>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="链接"
                value={link.data.url}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={link.data.url}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? '已复制' : '复制链接'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group justify="space-between">
              <ExpiryText expireTime={link.data.expireTime} />
              <Anchor href={link.data.url} target="_blank" rel="noopener noreferrer" size="sm">
                打开预览
              </Anchor>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function ExpiryText({ expireTime }: { expireTime: number }) {
  const when = formatDateTime(new Date(expireTime));
  if (expireTime <= new Date().getTime()) {
    return (
      <Text size="sm" c="red">
        链接已于 {when} 过期
      </Text>
    );
  }
  return <Text size="sm">有效期至 {when}</Text>;
}

export interface FeedbackActionsProps extends FeedbackRequestContext {
  report: FeedbackReportSummary;
  /** The caller owns the report (its teacher), who alone submits it. */
  isOwner: boolean;
}

/** The report editor's buttons: 提交 for its teacher, 预览链接 for whoever reads it. */
export function FeedbackActions({ report, isOwner, fromWorkChat }: FeedbackActionsProps) {
  return (
    <>
      {isOwner && <SubmitReportButton report={report} fromWorkChat={fromWorkChat} />}
      <PreviewLinkButton reportId={report.reportId} fromWorkChat={fromWorkChat} />
    </>
  );
}
