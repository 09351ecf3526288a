import { Badge, Button, Group, Paper, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { useBasketEnums } from '@/features/basket/api/basket';
import { BasketToggle } from '@/features/basket/components/basket-toggle';
import { MyReports } from '@/features/feedback/components/my-reports';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { usePageNo } from '@/features/teaching/use-page-no';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';
import type { QuestionView } from '@/generated/QuestionView';
import { useScope } from '@/hooks/use-scope';
import { showSuccess } from '@/lib/toast';
import { useDeleteQuestion } from '../api/questions';
import { useQuestionSearch } from '../api/search';
import { useTags } from '../api/tags';
import { ALL, type Coded, coded, QUESTION_PAGE_SIZE, SOURCE } from '../question-dict';
import { QuestionFormModal, type QuestionFormMode } from './question-form-modal';
import { QuestionList } from './question-list';
import { ReeditList } from './reedit-list';
import { TagModal } from './tag-modal';

type Tab = 'questions' | 'tags' | 'reedits' | 'reports';
const TABS: readonly Tab[] = ['questions', 'tags', 'reedits', 'reports'];

/**
 * 我的题库 (/knowledgeSelection/personalQuestionBank): my own questions (create, change, delete,
 * search by words, type and my tags), my tags with their counts, 纠错, the re-edits of bank
 * questions (an admin audits them here), and 我的反馈, the errors I reported.
 */
export function PersonalBank({ title }: { title: string }) {
  const enums = useBasketEnums();
  const [tab, setTab] = useState<Tab>('questions');
  const [tag, setTag] = useState<string | null>(null);
  const difficulties = coded(enums.data?.difficulties);
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Tabs value={tab} onChange={(v) => setTab(TABS.find((t) => t === v) ?? 'questions')} keepMounted={false}>
        <Tabs.List aria-label="我的题库">
          <Tabs.Tab value="questions">我的题目</Tabs.Tab>
          <Tabs.Tab value="tags">我的标签</Tabs.Tab>
          <Tabs.Tab value="reedits">纠错</Tabs.Tab>
          <Tabs.Tab value="reports">我的反馈</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions" pt="sm">
          <MyQuestions
            types={coded(enums.data?.questionTypes)}
            difficulties={difficulties}
            tag={tag}
            onTagChange={setTag}
          />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="sm">
          <MyTags
            onOpen={(t) => {
              setTag(t);
              setTab('questions');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="reedits" pt="sm">
          <ReeditList difficulties={difficulties} />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="sm">
          <MyReports />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

interface MyQuestionsProps {
  types: readonly Coded[];
  difficulties: readonly Coded[];
  tag: string | null;
  onTagChange: (tag: string | null) => void;
}

function MyQuestions({ types, difficulties, tag, onTagChange }: MyQuestionsProps) {
  const [scope, choose] = useScope();
  const tags = useTags();
  const remove = useDeleteQuestion();
  const [keyword, setKeyword] = useState('');
  const [typeId, setTypeId] = useState(ALL);
  const [form, setForm] = useState<QuestionFormMode | null>(null);
  const [tagging, setTagging] = useState<QuestionView | null>(null);
  const [deleting, setDeleting] = useState<QuestionView | null>(null);

  const base = useMemo(
    () =>
      scope && {
        subject: scope.subject,
        stage: scope.stage,
        ...(keyword ? { keyword } : {}),
        typeIds: [typeId],
        difficulties: [ALL],
        // A tag may be on bank questions too: looked up by tag, both are shown.
        ...(tag ? { tags: [tag], source: SOURCE.all } : { source: SOURCE.mine }),
      },
    [scope, keyword, typeId, tag],
  );
  const [pageNo, setPageNo] = usePageNo(JSON.stringify(base));
  const request: QuestionSearchRequest | null = base && { ...base, order: 0, pageNo, pageSize: QUESTION_PAGE_SIZE };
  const search = useQuestionSearch(request);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm">
          <ScopeSelect value={scope} onChange={choose} />
        </Group>
        <Button
          disabled={!scope}
          onClick={() => scope && setForm({ kind: 'create', subject: scope.subject, stage: scope.stage })}
        >
          新建题目
        </Button>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="题干、选项或解析中的词" value={keyword} onSearch={setKeyword}>
          <Select
            size="xs"
            label="题型"
            w={120}
            data={[
              { value: String(ALL), label: '全部' },
              ...types.map((t) => ({ value: String(t.code), label: t.name })),
            ]}
            value={String(typeId)}
            allowDeselect={false}
            onChange={(v) => v && setTypeId(Number(v))}
          />
          <Select
            size="xs"
            label="标签"
            w={140}
            placeholder="全部"
            data={(tags.data?.tagList ?? []).map((t) => t.tag)}
            value={tag}
            onChange={onTagChange}
            clearable
          />
        </KeywordSearch>
        {tag && (
          <Text size="xs" c="dimmed" mt={6}>
            按标签「{tag}」查看，包括题库中打了该标签的题目
          </Text>
        )}
      </Paper>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <QuestionList
          search={search}
          difficulties={difficulties}
          pageNo={pageNo}
          onPageChange={setPageNo}
          emptyText={keyword || tag || typeId !== ALL ? '没有符合条件的题目' : '还没有自己的题目，点“新建题目”添加'}
          actions={(q) => (
            <>
              <BasketToggle question={q} />
              <Button size="compact-sm" variant="subtle" onClick={() => setTagging(q)}>
                标签
              </Button>
              {q.ownerId === 0 ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="orange"
                  onClick={() => setForm({ kind: 'reedit', question: q })}
                >
                  纠错
                </Button>
              ) : (
                <>
                  <Button size="compact-sm" variant="subtle" onClick={() => setForm({ kind: 'edit', question: q })}>
                    编辑
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(q)}>
                    删除
                  </Button>
                </>
              )}
            </>
          )}
        />
      )}
      <QuestionFormModal mode={form} onClose={() => setForm(null)} />
      <TagModal question={tagging} onClose={() => setTagging(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除题目"
        message={`确定删除第${deleting?.questionIndex ?? ''}题吗？删除后不能恢复，已组入讲义的内容不受影响。`}
        confirmLabel="删除"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.questionId, {
            onSuccess: () => {
              setDeleting(null);
              showSuccess('题目已删除');
            },
          })
        }
      />
    </Stack>
  );
}

function MyTags({ onOpen }: { onOpen: (tag: string) => void }) {
  const tags = useTags();
  const list = tags.data?.tagList ?? [];
  if (tags.isPending) return <Text c="dimmed">加载中…</Text>;
  if (list.length === 0) return <Text c="dimmed">还没有标签；在题目上点“标签”即可添加。</Text>;
  return (
    <Table aria-label="我的标签" striped withTableBorder maw={520}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>标签</Table.Th>
          <Table.Th>题目数</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((t) => (
          <Table.Tr key={t.tag} aria-label={t.tag}>
            <Table.Td>
              <Badge variant="outline" color="violet">
                {t.tag}
              </Badge>
            </Table.Td>
            <Table.Td>{t.count}</Table.Td>
            <Table.Td>
              <Button size="compact-sm" variant="subtle" onClick={() => onOpen(t.tag)}>
                查看题目
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
