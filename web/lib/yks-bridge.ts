/**
 * The window messages between a page in yks mode and the exam platform that frames it (spec 7 'Window
 * messages to/from the embedding page'; issue 19). Messages go only to the school's configured embedding
 * origins (yks/login/status origins; postMessage with each origin, never '*'), and messages are accepted only
 * from them. Every message is {type, ...payload}; the payloads are described in README.md 'Exam platform frame'.
 *
 * Page → platform: setBrandInfo {title, uid} on start; onGetedGroupText {groupText} (the student's group ids,
 * comma list) on start; onChangedWhichCanViewCourse {coid, canView} and onChangedWhichCanLearnCourse
 * {coid, canLearn} when a course page learns them (sent again only when they change); onActiveStuGroupModal
 * {coid, reason: 'designatedGroup'} when the group check refuses a start; the replies below.
 * Platform → page: homesetting {setting: JSON text} (the footer, web/hooks/useHomeSetting); returnCourseURL
 * {coid} → returnCourseURL {coid, url}; onGetExamData {cid} → onGetExamData {cid, testData | error};
 * setBrandInfo {} → setBrandInfo {title, uid}.
 */
import { yksCalls } from '../../shared/calls/yks';
import type { Bootstrap } from '../../shared/schemas/bootstrap';
import { request } from '../api/client';

export const YKS_MESSAGES = [
  'onChangedWhichCanViewCourse',
  'returnCourseURL',
  'onGetedGroupText',
  'onGetExamData',
  'onActiveStuGroupModal',
  'setBrandInfo',
  'onChangedWhichCanLearnCourse',
  'homesetting',
] as const;
export type YksMessage = (typeof YKS_MESSAGES)[number];

let origins: readonly string[] = [];
let ready: Promise<void> | null = null;
let boot: Bootstrap | null = null;
const lastSent = new Map<string, string>();

/** Whether a message from this origin comes from the school's exam platform. */
export function isPlatformOrigin(origin: string): boolean {
  return origins.includes(origin);
}

const framed = () => typeof window !== 'undefined' && window.parent !== window;

/** Sends a message to the framing platform (its configured origins only); nothing when not framed. */
export async function sendToPlatform(type: YksMessage, payload: Record<string, unknown> = {}): Promise<void> {
  if (!ready || !framed()) return;
  await ready;
  for (const origin of origins) window.parent.postMessage({ ...payload, type }, origin);
}

/** Sends a message only when its payload differs from the last one of its kind and key. */
export function sendChanged(type: YksMessage, key: string, payload: Record<string, unknown>): void {
  const text = JSON.stringify(payload);
  if (lastSent.get(`${type}:${key}`) === text) return;
  lastSent.set(`${type}:${key}`, text);
  void sendToPlatform(type, payload);
}

const brand = () => ({ title: boot?.schoolName ?? '', uid: boot?.hashUID ?? '' });

/** Answers the platform's requests (the calls' declarations load with the first one: yks mode only). */
async function answer(type: string, data: Record<string, unknown>): Promise<void> {
  if (type === 'returnCourseURL' && typeof data.coid === 'string' && /^\d{1,20}$/.test(data.coid)) {
    const { courseCalls } = await import('../../shared/calls/courses');
    const reply = await request(courseCalls.info, { params: { id: data.coid } });
    if (reply.status !== 'ok') return sendToPlatform('returnCourseURL', { coid: data.coid, error: reply.error });
    const url = new URL(`/course/${encodeURIComponent(reply.data.code)}`, window.location.origin);
    url.searchParams.set('model', 'yks');
    return sendToPlatform('returnCourseURL', { coid: data.coid, url: url.toString() });
  }
  if (type === 'onGetExamData' && typeof data.cid === 'string' && /^\d{1,20}$/.test(data.cid)) {
    const sid = boot?.userData.sid ?? '';
    if (!sid || sid === '0') return sendToPlatform('onGetExamData', { cid: data.cid, error: 'no login' });
    const { examCalls } = await import('../../shared/calls/exams');
    const reply = await request(examCalls.yksTestData, { query: { sid, cid: data.cid } });
    return sendToPlatform(
      'onGetExamData',
      reply.status === 'ok' ? { cid: data.cid, testData: reply.data.testData } : { cid: data.cid, error: reply.error },
    );
  }
  if (type === 'setBrandInfo') return sendToPlatform('setBrandInfo', brand());
}

/**
 * Starts the bridge in yks mode inside a frame: learns the platform's origins, listens to them, and tells the
 * platform the brand and the student's groups. Safe to call more than once.
 */
export function startYksBridge(site: Bootstrap): void {
  if (ready || site.model !== 'yks' || !framed()) return;
  boot = site;
  ready = request(yksCalls.status, { query: { uid: site.hashUID } }).then((reply) => {
    origins = reply.status === 'ok' ? reply.data.origins : [];
  });
  window.addEventListener('message', (event) => {
    if (!isPlatformOrigin(event.origin) || event.source !== window.parent) return;
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    void answer(data.type, data);
  });
  void sendToPlatform('setBrandInfo', brand());
  if (site.role === 'student') void sendToPlatform('onGetedGroupText', { groupText: site.userData.gid.join(',') });
}
