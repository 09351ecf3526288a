import { ActionIcon, Anchor, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CampInfo } from '@/generated/CampInfo';
import { useRenameCamp } from '../api/camps';
import { useChangeCampState } from '../api/publish';
import { type CampActionSpec, CAMP_LIMITS, campActions, isEditable, wasPublished } from '../camp-dict';
import { campListPath, campStatisticsPath } from '../camp-paths';
import { CampStatusBadge } from './badges';
import { RenameModal } from './rename-modal';
import { StateActionModal } from './state-action-modal';

function PencilIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The builder's head: the camp's name (renamed with its description), status and counts, the
 * actions its state allows (each confirmed; pause and shutdown with a reason), and its statistics
 * once published.
 */
export function CampHeader({ info }: { info: CampInfo }) {
  const [renaming, setRenaming] = useState(false);
  const [action, setAction] = useState<CampActionSpec | null>(null);
  const rename = useRenameCamp();
  const change = useChangeCampState();
  const actions = campActions(info.status, info.memberCount, info.hasEdits);
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={campListPath()} size="xs">
        ‹ 返回学习营列表
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>
              {info.campName}
            </Title>
            {isEditable(info.status) && (
              <Tooltip label="修改名称和简介">
                <ActionIcon variant="subtle" aria-label="修改营地名称" onClick={() => setRenaming(true)}>
                  <PencilIcon />
                </ActionIcon>
              </Tooltip>
            )}
            <CampStatusBadge status={info.status} name={info.statusName} />
          </Group>
          {info.description && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {info.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {info.phaseCount} 个阶段 · {info.taskCount} 个任务 · {info.memberCount} 名学员
            {info.publishedVersion > 0 ? ` · 第 ${info.publishedVersion} 次发布` : ''}
          </Text>
        </Stack>
        <Group gap="xs" role="toolbar" aria-label="营地操作">
          {wasPublished(info.status) && (
            <Button variant="default" component={Link} to={campStatisticsPath(info.campId)}>
              查看统计
            </Button>
          )}
          {actions.map((a) => (
            <Button
              key={a.action}
              color={a.color}
              variant={a.action === 'publish' ? 'filled' : 'light'}
              onClick={() => setAction(a)}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      </Group>
      {renaming && (
        <RenameModal
          title="修改营地"
          label="营地名称"
          name={info.campName}
          maxLength={CAMP_LIMITS.campName}
          description={{ label: '营地简介', value: info.description, maxLength: CAMP_LIMITS.text }}
          busy={rename.isPending}
          onClose={() => setRenaming(false)}
          onSave={(campName, description) =>
            rename.mutate({ campId: info.campId, campName, description }, { onSuccess: () => setRenaming(false) })
          }
        />
      )}
      {action && (
        <StateActionModal
          spec={action}
          busy={change.isPending}
          onClose={() => setAction(null)}
          onConfirm={(reason) =>
            change.mutate(
              { action: action.action, campId: info.campId, reason },
              // A refusal (A0409) is shown by the API client; the dialog closes either way.
              { onSettled: () => setAction(null) },
            )
          }
        />
      )}
    </Stack>
  );
}
