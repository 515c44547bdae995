import type { messages as zh } from './bind.zh-CN';

/** English messages of the bind overlay, phone binding and the messaging-app bind flow (same keys as bind.zh-CN.ts). */
export const messages: Record<keyof typeof zh, string> = {
  'bind.title': 'Bind your phone',
  'bind.intro': 'Please bind a phone number to carry on studying.',
  'bind.qrAlt': 'Binding QR code',
  'bind.qrHint': 'You can also scan the QR code in the messaging app to bind.',
  'bind.expired': 'The QR code has expired',
  'bind.refresh': 'Refresh',
  'bind.phone': 'Phone number',
  'bind.code': 'Verification code',
  'bind.send': 'Send code',
  'bind.resendIn': 'Send again in {seconds, plural, one {# second} other {# seconds}}',
  'bind.sentSms': 'The code has been sent by SMS. It is good for 10 minutes.',
  'bind.sentAdmin': 'Your school has no SMS service: ask your administrator for the code. It is good for 10 minutes.',
  'bind.submit': 'Bind',
  'bind.done': 'Your phone is bound',
  'bind.flowHint': 'Please sign in first: you will come back to the page you were on to bind your account.',
  'bind.error.phone': 'That phone number is not valid',
  'bind.error.taken': 'This phone number is bound to another student',
  'bind.error.tooSoon': 'Too soon: try again in {seconds, plural, one {# second} other {# seconds}}',
  'bind.error.throttled': 'Too many codes were sent: please try again later',
  'bind.error.noCode': 'Ask for a code first',
  'bind.error.wrongCode': 'Wrong code',
  'bind.error.expired': 'The code has expired: ask for a new one',
  'bind.error.tooManyTries': 'Too many wrong tries: ask for a new code',
  'bind.error.gateway': 'The SMS could not be sent: please try again later',
};
