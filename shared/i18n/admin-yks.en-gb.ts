import type { messages as zh } from './admin-yks.zh-CN';

/** English (en-gb) messages of admin-yks: the same keys as admin-yks.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.yks': 'Exam platform',
  'admin.yks.title': 'Exam platform (yks) embedding and sign-in',
  'admin.yks.enabled': 'Turn on embedding in the exam platform and its sign-in',
  'admin.yks.loginUrl': 'Exam platform sign-in address',
  'admin.yks.loginUrlHint': 'Students without a session are sent here (with uid and return); an http or https address',
  'admin.yks.origins': 'Origins allowed to embed',
  'admin.yks.originsHint':
    'One per line, e.g. https://exam.example; only these may frame the pages and exchange window messages',
  'admin.yks.issuer': 'Issuer (iss)',
  'admin.yks.alg': 'Signature algorithm',
  'admin.yks.secret': 'Shared secret (HS256, at least 32 characters)',
  'admin.yks.secretKeep': 'Leave empty to keep the saved secret',
  'admin.yks.publicKey': 'Public key (PEM, RS256 / ES256)',
  'admin.yks.audience': "The assertion's audience (aud) is this school's id: {uid}",
  'admin.yks.error.secretRequired': 'HS256 needs a shared secret of at least 32 characters',
  'admin.yks.error.badKey': 'The public key is not a PEM public key for this algorithm',
  'admin.yks.error.originRequired': 'At least one embedding origin is needed when turned on',
};
