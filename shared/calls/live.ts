/**
 * The live page's calls (issue 17): what a live course shows now and whether the viewer may watch it, the
 * attendance beat, and the public live sessions of a school. The back office's are in live-admin.ts.
 */
import * as s from '../schemas/live';
import { defineCall } from '../contract';

const tags = ['live'];

export const liveCalls = {
  info: defineCall({
    method: 'GET',
    path: 'live/info',
    access: 'public',
    noStore: true,
    tags,
    summary:
      'A live course (type 1 live, 2 public live) for its live page: the session to show (live now, else the next, ' +
      'else the latest ended with its replay chapter), the others, the page state, viewers, the live server and ' +
      'whether it is up, and the playback addresses only for a viewer who may watch (signed for a live course, ' +
      'plain for a public one); else the refusal (noLogin, endOfTrial, designatedGroup…). Another school: 404.',
    query: s.zLiveInfoQuery,
    reply: s.zLiveInfo,
  }),
  heartbeat: defineCall({
    method: 'POST',
    path: 'live/heartbeat',
    access: 'student',
    tags,
    summary:
      "The live page's beat (every 30 s while live and visible): credits the time since the student's previous beat " +
      '(at most one interval and slack, only while the stream is live; nothing for a beat that resumes a hidden page) ' +
      'to their attendance and their daily study time, and keeps the peak of viewers; refused for a course the ' +
      'student may not watch.',
    body: s.zLiveBeat,
    reply: s.zLiveBeatReply,
  }),
  publicList: defineCall({
    method: 'GET',
    path: 'public/live',
    access: 'public',
    tags,
    summary:
      "A school's public live courses' (type 2, published) sessions live now or to come, that anyone may watch: " +
      'live first, then by start.',
    query: s.zPublicLiveQuery,
    reply: s.zPublicLiveList,
  }),
};
