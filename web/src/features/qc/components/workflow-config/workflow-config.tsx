import { Alert, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { toListColumns } from '@/components/data-table/report-column';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import type { QcRule } from '@/generated/QcRule';
import type { ServiceType } from '@/generated/ServiceType';
import { formatCount, formatInstant, formatText } from '@/lib/report-format';
import { useQcGroups } from '../../api/qc-groups';
import { useServiceOptions } from '../../api/services';
import { useCourseRange, useRule } from '../../api/settings';
import { SERVICE_COLUMNS } from '../../columns/service-columns';
import type { CourseRangeOptions } from '../../course-range';
import { GROUP_RULE_SCHOOL_ID } from '../../rule-form';
import { courseRangeFacts, precheckFacts, samplingFacts, teamWarnings, type WorkflowFact } from '../../workflow';
import { QcGroupModal } from '../qc-config/qc-group-modal';
import { SchoolSelect } from '../school-select';
import { CourseRangeTab } from '../serve-config/course-range-tab';
import { RuleForm } from '../serve-config/rule-tab';
import { ServiceModal } from '../serve-config/service-modal';

export const WORKFLOW_SERVICE_TABLE = '打卡服务';
export const WORKFLOW_TEAM_TABLE = '负责质检的质检组';

/** The most QC teams the step lists (a school has a few). */
const TEAMS_SHOWN = 100;

const SERVICE_PROPS = new Set(['name', 'sideDesc', 'roleNames', 'periodTypeDesc', 'requiredTimes', 'formFields']);

function Facts({ label, facts }: { label: string; facts: WorkflowFact[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} aria-label={label} maw={860}>
      {facts.map((f) => (
        <Group key={f.label} gap="xs" wrap="nowrap" align="baseline">
          <Text size="sm" c="dimmed" miw={80}>
            {f.label}
          </Text>
          <Text size="sm">{f.value}</Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

function Step({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {children}
    </Stack>
  );
}

function serviceColumns(edit: (s: ServiceType) => void): ListTableColumn<ServiceType>[] {
  return [
    ...toListColumns(SERVICE_COLUMNS.filter((c) => SERVICE_PROPS.has(c.prop))),
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      fixed: 'right',
      width: 80,
      render: (s) => (
        <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${s.name}`} onClick={() => edit(s)}>
          编辑
        </Button>
      ),
    },
  ];
}

function PunchStep() {
  const services = useServiceOptions();
  const [editing, setEditing] = useState<'new' | number | null>(null);
  return (
    <Step title="服务打卡" description="员工按启用的服务任务为学员打卡；服务任务全集团通用。">
      <ListTable<ServiceType>
        label={WORKFLOW_SERVICE_TABLE}
        storeKey="qc-workflow-services"
        columns={serviceColumns((s) => setEditing(s.id))}
        records={services.data ?? []}
        idAccessor="id"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无启用的服务，员工无需打卡"
        fetching={services.isFetching}
        toolbar={() => (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            新增服务
          </Button>
        )}
      />
      <ServiceModal editing={editing} onClose={() => setEditing(null)} />
    </Step>
  );
}

function RuleSource({ rule }: { rule: QcRule }) {
  const group = rule.schoolId === GROUP_RULE_SCHOOL_ID;
  if (rule.inherited && !group) {
    return (
      <Badge variant="light" color="blue">
        沿用集团默认规则
      </Badge>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {rule.inherited || rule.updatedAt <= 0
        ? '尚未修改（默认设置）'
        : `最近更新：${formatInstant(rule.updatedAt)} ${formatText(rule.updatedBy)}`}
    </Text>
  );
}

function teamColumns(edit: (g: QcGroupRow) => void): ListTableColumn<QcGroupRow>[] {
  return [
    { accessor: 'name', title: '质检组', width: 160, render: (g) => formatText(g.name) },
    { accessor: 'schoolName', title: '学校', width: 140, render: (g) => formatText(g.schoolName) },
    {
      accessor: 'responsibleList',
      title: '质检负责人',
      width: 220,
      render: (g) => formatText(g.responsibleList.map((s) => s.name).join('、')),
    },
    { accessor: 'members', title: '被质检员工数', width: 120, render: (g) => formatCount(g.members.length) },
    {
      accessor: 'actions',
      title: '操作',
      toggleable: false,
      resizable: false,
      fixed: 'right',
      width: 80,
      render: (g) => (
        <Button size="compact-xs" variant="subtle" aria-label={`编辑 ${g.name}`} onClick={() => edit(g)}>
          编辑
        </Button>
      ),
    },
  ];
}

function TeamsOfSchool({ schoolId }: { schoolId: number }) {
  const query = useQcGroups({ schoolId, pageNo: 1, pageSize: TEAMS_SHOWN });
  const [editing, setEditing] = useState<'new' | QcGroupRow | null>(null);
  const teams = query.data?.records ?? [];
  const total = query.data?.total ?? 0;
  const warnings = query.data ? teamWarnings(teams, schoolId === GROUP_RULE_SCHOOL_ID) : [];
  return (
    <Stack gap="xs">
      {warnings.map((w) => (
        <Alert key={w} color="orange" variant="light" p="xs">
          {w}
        </Alert>
      ))}
      <ListTable<QcGroupRow>
        label={WORKFLOW_TEAM_TABLE}
        storeKey="qc-workflow-teams"
        columns={teamColumns(setEditing)}
        records={teams}
        idAccessor="id"
        rowAttributes={(row) => ({ 'aria-label': row.name })}
        noRecordsText="暂无质检组"
        fetching={query.isFetching}
        toolbar={() => (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            新增质检组
          </Button>
        )}
      />
      {total > teams.length && (
        <Text size="xs" c="dimmed">
          共 {total} 个质检组，此处显示前 {teams.length} 个；全部质检组在质检配置中查看
        </Text>
      )}
      <QcGroupModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

interface RuleFactsProps {
  query: { data?: QcRule; isFetching: boolean };
  label: string;
  facts: (rule: QcRule) => WorkflowFact[];
  onEdit: () => void;
  /** Says whose rule it is (the group's, the school's own, or the group's it follows). */
  withSource?: boolean;
}

/** The part of the school's rule a step applies, with the button that changes the rule. */
function RuleFacts({ query, label, facts, onEdit, withSource = false }: RuleFactsProps) {
  const rule = query.data;
  if (!rule) return query.isFetching ? <Loader size="sm" aria-label="加载中" /> : null;
  return (
    <>
      <Facts label={label} facts={facts(rule)} />
      <Group gap="sm">
        <Button size="xs" variant="light" onClick={onEdit}>
          修改质检规则
        </Button>
        {withSource && <RuleSource rule={rule} />}
      </Group>
    </>
  );
}

function StatisticsStep({ options }: { options: CourseRangeOptions }) {
  const query = useCourseRange();
  const [editing, setEditing] = useState(false);
  return (
    <Step title="质检统计" description="质检统计按课程范围计算带学员数、覆盖率和质检率；课程范围全集团统一。">
      {query.data ? (
        <>
          <Facts label="课程范围" facts={courseRangeFacts(query.data, options)} />
          <Group gap="sm">
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              修改课程范围
            </Button>
            <Text size="xs" c="dimmed">
              最近更新：{formatInstant(query.data.updatedAt)} {formatText(query.data.updatedBy)}
            </Text>
          </Group>
        </>
      ) : (
        query.isFetching && <Loader size="sm" aria-label="加载中" />
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title="修改课程范围" size="lg">
        <CourseRangeTab options={options} onSaved={() => setEditing(false)} />
      </Modal>
    </Step>
  );
}

export interface WorkflowConfigProps {
  /** The option lists of the course range. */
  courseRangeOptions: CourseRangeOptions;
}

/**
 * /qualityCheckManagement/workflowConfig (流程配置, 02 §2, §7.6): a school's service QC as its
 * steps — punching the service tasks (`service`), the automatic pre-check and the inspectors'
 * share (`rule`), the QC teams that check (`qcGroupConfig`), the statistics' course range
 * (`courseRange`) — each shown as set and changed in place. 集团默认 is the rule schools without
 * their own follow.
 */
export function WorkflowConfig({ courseRangeOptions }: WorkflowConfigProps) {
  const [schoolId, setSchoolId] = useState(GROUP_RULE_SCHOOL_ID);
  const rule = useRule(schoolId);
  const [editingRule, setEditingRule] = useState(false);
  const editRule = () => setEditingRule(true);
  // Mantine's timeline draws its own children: each step is one of its items.
  return (
    <Stack p="md" gap="md">
      <Title order={4}>流程配置</Title>
      <Group gap="sm" align="flex-end">
        <SchoolSelect
          label="适用范围"
          value={schoolId}
          allOption={{ value: GROUP_RULE_SCHOOL_ID, label: '集团默认' }}
          onChange={(id) => setSchoolId(id ?? GROUP_RULE_SCHOOL_ID)}
        />
        {schoolId === GROUP_RULE_SCHOOL_ID && (
          <Text size="xs" c="dimmed">
            集团默认规则适用于未单独设置规则的学校
          </Text>
        )}
      </Group>
      <Timeline active={3} bulletSize={24} lineWidth={2}>
        <Timeline.Item title="服务打卡" bullet={1}>
          <PunchStep />
        </Timeline.Item>
        <Timeline.Item title="自动预检" bullet={2}>
          <Step title="自动预检" description="打卡提交后按质检规则自动预检，标记的问题供质检员参考，结果由质检员决定。">
            <RuleFacts query={rule} label="预检项" facts={precheckFacts} onEdit={editRule} withSource />
          </Step>
        </Timeline.Item>
        <Timeline.Item title="人工抽检" bullet={3}>
          <Step title="人工抽检" description="质检组的负责人按抽检比例质检组内员工的打卡，给出合格或不合格。">
            <RuleFacts query={rule} label="抽检设置" facts={samplingFacts} onEdit={editRule} />
            <TeamsOfSchool key={schoolId} schoolId={schoolId} />
          </Step>
        </Timeline.Item>
        <Timeline.Item title="质检统计" bullet={4}>
          <StatisticsStep options={courseRangeOptions} />
        </Timeline.Item>
      </Timeline>
      <Modal opened={editingRule} onClose={() => setEditingRule(false)} title="修改质检规则" size="lg">
        {rule.data && (
          <RuleForm
            key={`${rule.data.schoolId}-${rule.data.updatedAt}-${rule.data.inherited}`}
            rule={rule.data}
            onSaved={() => setEditingRule(false)}
          />
        )}
      </Modal>
    </Stack>
  );
}
