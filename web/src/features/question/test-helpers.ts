// Records of the question bank's, the basket's and the atlas's calls for the tests.

import type { AtlasTree } from '@/generated/AtlasTree';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';
import type { BasketEnums } from '@/generated/BasketEnums';
import type { BaseDicInfo } from '@/generated/BaseDicInfo';
import type { QuestionReedit } from '@/generated/QuestionReedit';
import type { QuestionView } from '@/generated/QuestionView';

const AT = new Date(2026, 10, 24, 9).getTime();

export function questionView(questionId: number, patch: Partial<QuestionView> = {}): QuestionView {
  return {
    questionId,
    subject: 54,
    stage: 4,
    questionType: 1,
    typeName: '单选题',
    stem: `第${questionId}题：函数 $f(x)=x^2$ 在 $x=1$ 处的导数是`,
    options: ['$0$', '$1$', '$2$', '$3$'],
    answer: 'C',
    analysis: "由 $f'(x)=2x$ 得 $f'(1)=2$。",
    difficulty: 3,
    compositeScore: 80,
    knowledgePoints: [{ id: 111, name: '导数的概念' }],
    customBlockData: { customTags: [] },
    ownerId: 0,
    inBasket: false,
    questionIndex: 1,
    ...patch,
  };
}

export const CODES = {
  questionTypes: [
    { code: '1', name: '单选题' },
    { code: '2', name: '多选题' },
    { code: '3', name: '填空题' },
    { code: '4', name: '解答题' },
  ],
  difficulties: [
    { code: '1', name: '容易' },
    { code: '2', name: '较易' },
    { code: '3', name: '中等' },
    { code: '4', name: '较难' },
    { code: '5', name: '困难' },
  ],
  atlasTypes: [
    { code: '1', name: '知识图谱' },
    { code: '2', name: '教材章节' },
    { code: '3', name: '专题图谱' },
  ],
};

export const basketEnums: BasketEnums = {
  questionTypes: CODES.questionTypes,
  difficulties: CODES.difficulties,
  sources: [
    { code: '0', name: '全部' },
    { code: '1', name: '题库' },
    { code: '2', name: '我的题目' },
  ],
  orders: [
    { code: '0', name: '相关度' },
    { code: '1', name: '综合评分' },
    { code: '2', name: '难度' },
  ],
};

export const baseDicInfo: BaseDicInfo = {
  subjects: [
    { code: '54', name: '数学' },
    { code: '56', name: '物理' },
  ],
  stages: [
    { code: '3', name: '初中' },
    { code: '4', name: '高中' },
  ],
  questionTypes: CODES.questionTypes,
  difficulties: CODES.difficulties,
  atlasTypes: CODES.atlasTypes,
};

export function atlasTree(treeId: number, patch: Partial<AtlasTree> = {}): AtlasTree {
  return {
    treeId,
    name: `图谱${treeId}`,
    subject: 54,
    stage: 4,
    atlasType: 1,
    ownerId: 0,
    ownerName: '',
    published: true,
    publishTime: AT,
    copiedFrom: null,
    nodeCount: 5,
    canEdit: false,
    canManage: false,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}

export function treeNode(
  id: number,
  name: string,
  parentId: number,
  children: AtlasTreeNode[] = [],
  patch: Partial<AtlasTreeNode> = {},
): AtlasTreeNode {
  return {
    id,
    treeId: 1,
    parentId,
    name,
    summary: '',
    sort: 0,
    depth: 0,
    questionCount: 0,
    children,
    ...patch,
  };
}

/** 函数 (110) { 函数的概念 (111), 指数函数 (112) }, 导数及其应用 (120) { 导数的概念 (121) } */
export const NODES: AtlasTreeNode[] = [
  treeNode(110, '函数', 0, [treeNode(111, '函数的概念', 110), treeNode(112, '指数函数', 110)]),
  treeNode(120, '导数及其应用', 0, [treeNode(121, '导数的概念', 120, [], { questionCount: 12 })]),
];

export function reedit(reeditId: number, patch: Partial<QuestionReedit> = {}): QuestionReedit {
  return {
    reeditId,
    auditStatus: 1,
    auditNote: '',
    authorId: 9,
    authorName: '李老师',
    createTime: AT,
    proposal: questionView(500 + reeditId, { stem: '修改后的题干 $x+1$', ownerId: 9 }),
    original: questionView(reeditId, { stem: '原来的题干 $x$' }),
    ...patch,
  };
}

export function pageOf<T>(records: T[], total = records.length, pageNo = 1, pageSize = 10) {
  return { records, total, pageNo, pageSize };
}

export { bodiesOf, jsonBody } from '@/testing/test-utils';
