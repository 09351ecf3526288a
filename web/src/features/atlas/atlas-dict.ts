// The atlas editor's own texts and limits (api/src/handlers/atlas.rs).

export const ATLAS_LIMITS = {
  name: 50,
  summary: 500,
  mapText: 2_000,
  mapItems: 20,
} as const;

/** What a change-log entry did (AtlasLog.action). */
export const LOG_ACTIONS: Readonly<Record<string, string>> = {
  tree_add: '新建图谱',
  tree_copy: '复制图谱',
  tree_publish: '发布图谱',
  tree_unpublish: '撤回发布',
  tree_type: '修改类型',
  tree_editors: '设置协作者',
  node_add: '添加知识点',
  node_move: '移动知识点',
  node_rename: '重命名知识点',
  node_del: '删除知识点',
  map_save: '保存知识地图',
};

/** A knowledge map's difficulty 0 (unset) … 5. */
export const MAP_DIFFICULTY_UNSET = 0;
