import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { Crumb } from '@/generated/Crumb';
import { type DriveLocation, isSpace, teamIdOf } from '../drive-location';
import { crumbsAt } from '../drive-rules';
import { type DropTarget, OVER_STYLE, useDropTarget } from '../drive-drop';

export interface DriveBreadcrumbsProps {
  at: DriveLocation;
  crumbs: Crumb[];
  onOpen: (crumb: Crumb) => void;
}

export function DriveBreadcrumbs({ at, crumbs, onOpen }: DriveBreadcrumbsProps) {
  const steps = crumbsAt(at, crumbs);
  return (
    <Breadcrumbs aria-label="当前位置" data-testid="drive-crumbs" separatorMargin={4}>
      {steps.map((c, i) =>
        i === steps.length - 1 ? (
          <CrumbStep key={c.id} at={at} crumb={c} current onOpen={onOpen} />
        ) : (
          <CrumbStep key={c.id} at={at} crumb={c} onOpen={onOpen} />
        ),
      )}
    </Breadcrumbs>
  );
}

function CrumbStep({
  at,
  crumb,
  current = false,
  onOpen,
}: {
  at: DriveLocation;
  crumb: Crumb;
  current?: boolean;
  onOpen: (c: Crumb) => void;
}) {
  const target: DropTarget | null =
    isSpace(at) && !current
      ? { kind: 'folder', targetId: crumb.id, teamId: teamIdOf(at) ?? 0, label: crumb.name }
      : null;
  const { setNodeRef, isOver } = useDropTarget(`crumb-${crumb.id}`, target);
  if (current) {
    return (
      <Text size="sm" fw={600} aria-current="location" data-testid={`drive-crumb-${crumb.id}`}>
        {crumb.name}
      </Text>
    );
  }
  return (
    <Anchor
      ref={setNodeRef}
      component="button"
      size="sm"
      onClick={() => onOpen(crumb)}
      data-testid={`drive-crumb-${crumb.id}`}
      data-over={isOver || undefined}
      style={isOver ? { ...OVER_STYLE, borderRadius: 4 } : undefined}
    >
      {crumb.name}
    </Anchor>
  );
}
