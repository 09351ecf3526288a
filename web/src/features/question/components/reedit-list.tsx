import {
  Alert,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { ListFooter } from '@/components/data-table/list-footer';
import type { QuestionReedit } from '@/generated/QuestionReedit';
import { formatInstant } from '@/lib/report-format';
import { isContentAdmin, useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { REEDIT_STATUS, REEDIT_STATUS_LABELS, useAuditReedit, useReedits } from '../api/reedit';
import { type Coded, nameOf } from '../question-dict';
import { QuestionCard } from './question-card';

export const REEDIT_PAGE_SIZE = 10;
/** The longest audit note (api/src/handlers/question.rs). */
export const NOTE_LIMIT = 200;

const STATUS_FILTERS = [
  { value: '0', label: '全部' },
  { value: String(REEDIT_STATUS.pending), label: '待审核' },
  { value: String(REEDIT_STATUS.approved), label: '已通过' },
  { value: String(REEDIT_STATUS.refused), label: '已驳回' },
];

/**
 * 纠错: re-edits of bank questions, each beside the question as it stands; an admin sees all and
 * approves (the change replaces the question) or refuses the pending ones, anyone else sees theirs.
 */
export function ReeditList({ difficulties }: { difficulties: readonly Coded[] }) {
  const admin = useSession((s) => isContentAdmin(s.user));
  const [status, setStatus] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const reedits = useReedits({ ...(status ? { status } : {}), pageNo, pageSize: REEDIT_PAGE_SIZE });
  const [auditing, setAuditing] = useState<{ reedit: QuestionReedit; approve: boolean } | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="审核状态"
          data={STATUS_FILTERS}
          value={String(status)}
          onChange={(v) => {
            setStatus(Number(v));
            setPageNo(1);
          }}
        />
        <Text size="sm" c="dimmed">
          {admin ? '管理员可审核全部纠错' : '这里是我提交的纠错'}
        </Text>
      </Group>
      {reedits.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="正在加载纠错" />
        </Center>
      ) : reedits.isError ? (
        <Alert color="orange" title="纠错加载失败">
          {reedits.error.message}
        </Alert>
      ) : (
        <>
          {reedits.data.records.length === 0 && (
            <Text c="dimmed" ta="center" p="xl">
              暂无纠错记录
            </Text>
          )}
          {reedits.data.records.map((r) => (
            <ReeditCard
              key={r.reeditId}
              reedit={r}
              difficulties={difficulties}
              canAudit={admin && r.auditStatus === REEDIT_STATUS.pending}
              onAudit={(approve) => setAuditing({ reedit: r, approve })}
            />
          ))}
          <ListFooter
            page={pageNo}
            pages={Math.max(1, Math.ceil(reedits.data.total / REEDIT_PAGE_SIZE))}
            total={reedits.data.total}
            onPageChange={setPageNo}
          />
        </>
      )}
      <AuditModal auditing={auditing} onClose={() => setAuditing(null)} />
    </Stack>
  );
}

function ReeditCard({
  reedit: r,
  difficulties,
  canAudit,
  onAudit,
}: {
  reedit: QuestionReedit;
  difficulties: readonly Coded[];
  canAudit: boolean;
  onAudit: (approve: boolean) => void;
}) {
  const status = REEDIT_STATUS_LABELS[r.auditStatus];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`纠错 ${r.reeditId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{r.authorName || '未知作者'}</Text>
            <Text size="sm" c="dimmed">
              {formatInstant(r.createTime)}
            </Text>
            {status && (
              <Badge color={status.color} variant="light">
                {status.label}
              </Badge>
            )}
          </Group>
          {canAudit && (
            <Group gap="xs">
              <Button size="compact-sm" color="green" onClick={() => onAudit(true)}>
                通过
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={() => onAudit(false)}>
                驳回
              </Button>
            </Group>
          )}
        </Group>
        {r.auditNote && <Text size="sm">审核意见：{r.auditNote}</Text>}
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Text size="sm" fw={500} mb={4}>
              原题
            </Text>
            {r.original ? (
              <QuestionCard
                question={r.original}
                index={1}
                difficultyName={nameOf(difficulties, r.original.difficulty)}
              />
            ) : (
              <Text size="sm" c="dimmed">
                原题已不存在
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Text size="sm" fw={500} mb={4}>
              修改后
            </Text>
            <QuestionCard
              question={r.proposal}
              index={1}
              difficultyName={nameOf(difficulties, r.proposal.difficulty)}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}

function AuditModal({
  auditing,
  onClose,
}: {
  auditing: { reedit: QuestionReedit; approve: boolean } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={auditing !== null} onClose={onClose} title={auditing?.approve ? '通过纠错' : '驳回纠错'} centered>
      {auditing && <AuditForm key={auditing.reedit.reeditId} {...auditing} onClose={onClose} />}
    </Modal>
  );
}

function AuditForm({ reedit, approve, onClose }: { reedit: QuestionReedit; approve: boolean; onClose: () => void }) {
  const audit = useAuditReedit();
  const [note, setNote] = useState('');
  const submit = () =>
    audit.mutate(
      { reeditId: reedit.reeditId, approve, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          showSuccess(approve ? '已通过，修改已替换原题' : '已驳回');
          onClose();
        },
      },
    );
  return (
    <Stack>
      <Text size="sm">{approve ? '通过后，修改后的题目将替换题库中的原题。' : '驳回后，该纠错不会生效。'}</Text>
      <Textarea
        label="审核意见"
        placeholder="选填"
        maxLength={NOTE_LIMIT}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button color={approve ? 'green' : 'red'} loading={audit.isPending} onClick={submit}>
          {approve ? '确定通过' : '确定驳回'}
        </Button>
      </Group>
    </Stack>
  );
}
