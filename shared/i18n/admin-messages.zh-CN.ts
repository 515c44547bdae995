/** Chinese messages of the back office's private messages (#/messages, permission student). */
export const messages = {
  'admin.menu.messages': '学员私信',
  'admin.messages.title': '学员私信',
  'admin.messages.unreadBadge': '{n} 条未读',
  'admin.messages.newTo': '给学员写私信',
  'admin.messages.search': '搜索学员（姓名或用户名）',
  'admin.messages.setting': '允许学员之间互发私信',
  'admin.messages.settingHint': '关闭时，学员只能给老师（主管理员和有学员权限的子管理员）发私信',
  'admin.messages.settingSaved': '设置已保存',
};
