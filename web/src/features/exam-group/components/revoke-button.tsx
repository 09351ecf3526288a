import { Alert, Anchor, Button, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { ErrorCode } from '@/generated/codes';
import { isApiError } from '@/lib/api-client';
import { showSuccess } from '@/lib/toast';
import { checkRevoke, useExecuteRevoke, verifyCodeStamp, verifyCodeUrl } from '../api/revoke';

type Step = { kind: 'closed' } | { kind: 'refused'; reason: string } | { kind: 'confirm' };

/**
 * 撤回 (publisher only): the rule is asked first (checkIfCanRevoke); when it refuses, its reason
 * is shown; else the picture code confirms the withdrawal (a wrong or expired code draws a new
 * picture).
 */
export function RevokeButton({ examId, examName }: { examId: number; examName: string }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [checking, setChecking] = useState(false);
  const close = () => setStep({ kind: 'closed' });

  const start = () => {
    setChecking(true);
    checkRevoke(examId)
      .then((check) =>
        setStep(check.canRevoke ? { kind: 'confirm' } : { kind: 'refused', reason: check.reason || '当前不能撤回' }),
      )
      .catch(() => undefined)
      .finally(() => setChecking(false));
  };

  return (
    <>
      <Button size="xs" variant="default" color="red" loading={checking} onClick={start}>
        撤回
      </Button>
      <Modal
        opened={step.kind !== 'closed'}
        onClose={close}
        title={step.kind === 'refused' ? '无法撤回' : '撤回考试'}
        centered
      >
        {step.kind === 'refused' && (
          <Stack>
            <Alert color="yellow" role="alert">
              {step.reason}
            </Alert>
            <Text size="xs" c="dimmed">
              只有已发布、且还没有学生提交成绩的考试可以撤回。
            </Text>
            <Group justify="flex-end">
              <Button onClick={close}>知道了</Button>
            </Group>
          </Stack>
        )}
        {step.kind === 'confirm' && <ConfirmRevoke examId={examId} examName={examName} onClose={close} />}
      </Modal>
    </>
  );
}

function ConfirmRevoke({ examId, examName, onClose }: { examId: number; examName: string; onClose: () => void }) {
  const revoke = useExecuteRevoke(examId);
  const [stamp, setStamp] = useState(verifyCodeStamp);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const verifyCode = code.trim();
    if (!verifyCode) {
      setError('请输入图片中的验证码');
      return;
    }
    setError(null);
    revoke.mutate(verifyCode, {
      onSuccess: () => {
        showSuccess(`考试「${examName}」已撤回`);
        onClose();
      },
      onError: (err) => {
        setError(err.message);
        if (isApiError(err, ErrorCode.BadRequest)) {
          // The code was used up or wrong: a new picture.
          setStamp(verifyCodeStamp());
          setCode('');
        }
      },
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">撤回后学生将看不到考试「{examName}」。请输入图片中的验证码确认。</Text>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="验证码"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Anchor component="button" type="button" onClick={() => setStamp(verifyCodeStamp())} title="看不清？换一张">
            <Image src={verifyCodeUrl(examId, stamp)} alt="图片验证码" h={36} w={100} radius="sm" />
          </Anchor>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" color="red" loading={revoke.isPending}>
            确认撤回
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
