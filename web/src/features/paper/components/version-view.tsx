import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MathText } from '@/components/math-text';
import type { PaperDetail } from '@/generated/PaperDetail';
import { HANDOUT_SECTIONS } from '../sections';

export interface VersionViewProps {
  ver: number;
  /** The version's detail (its sections as plain paragraphs). */
  version: UseQueryResult<PaperDetail>;
  title: ReactNode;
  actions?: ReactNode;
  /** The caller may edit the live paper: 恢复此版本 is offered. */
  canRestore: boolean;
  onRestore: () => void;
  onBack: () => void;
  contentStyle?: CSSProperties;
}

/** A saved version, read-only: its paragraphs as static text with their formulas (not the live editor). */
export function VersionView({
  ver,
  version,
  title,
  actions,
  canRestore,
  onRestore,
  onBack,
  contentStyle,
}: VersionViewProps) {
  return (
    <Stack gap="md" p="md" maw={1080}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          {title}
          <Badge color="gray" variant="light">
            只读
          </Badge>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {actions}
        </Group>
      </Group>
      <Alert color="blue" title={`正在查看历史版本 v${ver}`}>
        <Group justify="space-between">
          <Text size="sm">历史版本仅供查看；恢复后，当前讲义的内容将被该版本替换。</Text>
          <Group gap="xs">
            {canRestore && (
              <Button size="xs" color="orange" onClick={onRestore}>
                恢复此版本
              </Button>
            )}
            <Button size="xs" variant="default" onClick={onBack}>
              返回当前版本
            </Button>
          </Group>
        </Group>
      </Alert>
      {version.isPending && (
        <Center mih={240}>
          <Loader aria-label="正在加载版本" />
        </Center>
      )}
      {version.isError && (
        <Alert color="orange" title="版本加载失败" role="alert">
          {version.error.message}
        </Alert>
      )}
      {version.isSuccess &&
        HANDOUT_SECTIONS.map((section) => {
          const paragraphs = version.data.sections[section.key] ?? [];
          const headingId = `version-section-${section.key}`;
          return (
            <Paper key={section.key} withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
              <Text id={headingId} fw={600} mb="xs">
                {section.title}
              </Text>
              <div style={contentStyle} data-section={section.key}>
                {paragraphs.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    暂无内容
                  </Text>
                ) : (
                  paragraphs.map((p, i) => (
                    // The server reads a formula of the document as `$latex$`.
                    <MathText key={i} component="p" text={p} style={{ margin: '0 0 0.5em', minHeight: '1em' }} />
                  ))
                )}
              </div>
            </Paper>
          );
        })}
    </Stack>
  );
}
