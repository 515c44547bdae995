/** Chinese (zh-CN) messages of admin-people (filled by its area). */
export const messages = {
  'admin.menu.students': '学员列表',
  'admin.menu.groups': '学员分组',
  'admin.menu.studentFields': '学员字段',
  'admin.menu.studentSettings': '学员设置',
} as const;
