// The paper collection's codes and limits as the web acts on them (api handlers/paper.rs): a
// paper's audit state, the type of a handout, the longest audit note and the lists' page size.

/** `PaperSummary.auditStatus`, `PaperAudit.auditStatus`. */
export const AUDIT_STATUS = { none: 0, pending: 1, approved: 2, refused: 3 } as const;

export const AUDIT_STATUSES = [
  { status: AUDIT_STATUS.none, text: '草稿', color: 'gray' },
  { status: AUDIT_STATUS.pending, text: '待审核', color: 'orange' },
  { status: AUDIT_STATUS.approved, text: '已通过', color: 'green' },
  { status: AUDIT_STATUS.refused, text: '未通过', color: 'red' },
] as const;

/** The badge of an audit state. */
export function auditBadge(status: number): { text: string; color: string } {
  return AUDIT_STATUSES.find((s) => s.status === status) ?? { text: String(status), color: 'gray' };
}

/** An author may submit a draft or a refused paper (the server refuses the others). */
export const maySubmit = (status: number) => status === AUDIT_STATUS.none || status === AUDIT_STATUS.refused;

/** The result the author has not dismissed yet (知道了). */
export const showsResult = (status: number, visible: boolean) =>
  visible && (status === AUDIT_STATUS.approved || status === AUDIT_STATUS.refused);

/** The paper type of a handout (paper-rules PAPER_TYPES). */
export const HANDOUT_PAPER_TYPE = 5;

/** The longest audit note (api handlers/paper.rs). */
export const AUDIT_NOTE_LIMIT = 200;

/** Papers per page of a list. */
export const COLLECTION_PAGE_SIZE = 20;

/** What a change of a paper's log was (`PaperLog.action`). */
export const PAPER_LOG_ACTIONS: Readonly<Record<string, string>> = {
  create: '创建',
  save: '保存',
  copy: '复制',
  version: '保存版本',
  restore: '恢复版本',
  header: '修改页眉',
  settings: '修改设置',
  audit_post: '提交审核',
  audit_approve: '审核通过',
  audit_refuse: '审核驳回',
};
