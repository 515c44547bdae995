/** Chinese (zh-CN) messages of admin-yks (the back office's exam platform screen, issue 19). */
export const messages = {
  'admin.menu.yks': '考试平台嵌入',
  'admin.yks.title': '考试平台（yks）嵌入与登录',
  'admin.yks.enabled': '启用考试平台嵌入与登录',
  'admin.yks.loginUrl': '考试平台登录地址',
  'admin.yks.loginUrlHint': '未登录的学员会被带到这里（附带 uid 与 return 参数）；http 或 https 地址',
  'admin.yks.origins': '允许嵌入的来源',
  'admin.yks.originsHint': '每行一个，如 https://exam.example；只有这些来源可以嵌入页面并收发窗口消息',
  'admin.yks.issuer': '签发者（iss）',
  'admin.yks.alg': '签名算法',
  'admin.yks.secret': '共享密钥（HS256，至少 32 个字符）',
  'admin.yks.secretKeep': '留空则保留已保存的密钥',
  'admin.yks.publicKey': '公钥（PEM，RS256 / ES256）',
  'admin.yks.audience': '断言的受众（aud）为本校编号：{uid}',
  'admin.yks.error.secretRequired': 'HS256 需要至少 32 个字符的共享密钥',
  'admin.yks.error.badKey': '公钥不是该算法的 PEM 公钥',
  'admin.yks.error.originRequired': '启用时至少需要一个允许嵌入的来源',
} as const;
