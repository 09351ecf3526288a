import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { NoticeContent } from '@/features/notice/components/notice-content';
import type { AdminSchool } from '@/generated/AdminSchool';
import type { PublishNoticeRequest } from '@/generated/PublishNoticeRequest';
import { showSuccess } from '@/lib/toast';
import { usePublishNotice } from '../../api/notices';
import { useOrg } from '../../api/org';
import {
  isEmail,
  NOTICE_TYPES,
  noticeTypeLabel,
  ROLE_OPTIONS,
  roleNames,
  schoolNames,
  schoolOptions,
  splitEmails,
} from '../../admin-dict';

const TITLE_MAX = 100;
const CONTENT_MAX = 10_000;

interface Draft {
  title: string;
  type: number;
  roles: string[];
  schoolIds: string[];
  emails: string;
  content: string;
}

const EMPTY: Draft = { title: '', type: 1, roles: [], schoolIds: [], emails: '', content: '' };

type Errors = Partial<Record<'title' | 'content' | 'recipients' | 'emails', string>>;

/** The request of a draft, or what is wrong with it. */
function checkDraft(draft: Draft): { request: PublishNoticeRequest } | { errors: Errors } {
  const title = draft.title.trim();
  const emails = splitEmails(draft.emails);
  const bad = emails.filter((e) => !isEmail(e));
  const errors: Errors = {
    ...(title ? {} : { title: '请输入标题' }),
    ...(draft.content.trim() ? {} : { content: '请输入内容' }),
    ...(bad.length > 0 ? { emails: `邮箱格式不正确：${bad.join('、')}` } : {}),
    ...(draft.roles.length === 0 && draft.schoolIds.length === 0 && emails.length === 0
      ? { recipients: '请选择接收角色、校区或填写邮箱' }
      : {}),
  };
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      title,
      content: draft.content,
      type: draft.type,
      roles: draft.roles,
      schoolIds: draft.schoolIds.map(Number),
      emails,
    },
  };
}

function Preview({
  request,
  schools,
  onBack,
  onPublish,
  busy,
}: {
  request: PublishNoticeRequest;
  schools: AdminSchool[];
  onBack: () => void;
  onPublish: () => void;
  busy: boolean;
}) {
  const to = [roleNames(request.roles), schoolNames(request.schoolIds, schools), request.emails.join('、')]
    .filter(Boolean)
    .join('；');
  // Shown as if published now.
  const [now] = useState(() => Date.now());
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {noticeTypeLabel(request.type)} · 发送给：{to}
      </Text>
      <Paper withBorder p="md" radius="md" role="article" aria-label="通知预览">
        <Title order={4} mb="xs">
          {request.title}
        </Title>
        <NoticeContent createTime={now} content={request.content} />
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          返回修改
        </Button>
        <Button onClick={onPublish} loading={busy}>
          发布
        </Button>
      </Group>
    </Stack>
  );
}

function PublishForm({ onDone }: { onDone: () => void }) {
  const schools = useOrg().data?.schools ?? [];
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [previewing, setPreviewing] = useState<PublishNoticeRequest | null>(null);
  const publish = usePublishNotice();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const send = (request: PublishNoticeRequest) =>
    publish.mutate(request, {
      onSuccess: ({ recipients }) => {
        showSuccess(`通知已发布，发送给 ${recipients} 人`);
        onDone();
      },
    });
  const check = () => {
    const checked = checkDraft(draft);
    setErrors('errors' in checked ? checked.errors : {});
    return 'request' in checked ? checked.request : null;
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const request = check();
    if (request) send(request);
  };

  if (previewing) {
    return (
      <Preview
        request={previewing}
        schools={schools}
        busy={publish.isPending}
        onBack={() => setPreviewing(null)}
        onPublish={() => send(previewing)}
      />
    );
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="标题"
          withAsterisk
          maxLength={TITLE_MAX}
          value={draft.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          data-autofocus
        />
        <Select
          label="类型"
          data={NOTICE_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
          value={String(draft.type)}
          allowDeselect={false}
          onChange={(v) => set('type', Number(v ?? 1))}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="接收角色"
          placeholder={draft.roles.length === 0 ? '选择角色' : undefined}
          data={ROLE_OPTIONS}
          value={draft.roles}
          onChange={(roles) => set('roles', roles)}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="接收校区"
          description="该校区的所有账号"
          placeholder={draft.schoolIds.length === 0 ? '选择校区' : undefined}
          searchable
          data={schoolOptions(schools)}
          value={draft.schoolIds}
          onChange={(schoolIds) => set('schoolIds', schoolIds)}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="接收邮箱"
          description="多个邮箱用逗号、空格或换行分隔；与所选角色、校区合并发送（每人一份）"
          autosize
          minRows={2}
          value={draft.emails}
          error={errors.emails}
          onChange={(e) => set('emails', e.currentTarget.value)}
        />
        {errors.recipients && (
          <Alert color="red" variant="light" role="alert">
            {errors.recipients}
          </Alert>
        )}
        <Textarea
          label="内容"
          withAsterisk
          autosize
          minRows={6}
          maxRows={16}
          maxLength={CONTENT_MAX}
          value={draft.content}
          error={errors.content}
          onChange={(e) => set('content', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <Button
            variant="light"
            onClick={() => {
              const request = check();
              if (request) setPreviewing(request);
            }}
          >
            预览
          </Button>
          <Button type="submit" loading={publish.isPending}>
            发布
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface PublishModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 发布通知: title, type, recipients (roles and e-mails) and text, previewed as users see it. */
export function PublishModal({ opened, onClose }: PublishModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="发布通知" size="lg" centered>
      {opened && <PublishForm onDone={onClose} />}
    </Modal>
  );
}
