/**
 * Announcements (issue 16; spec 7 update/announcement, systemAnnouncement) and system notices (systemnotice).
 * The back office's calls need the permission 'userpage', as articles do: announcements are what the school
 * says to its students on its site. A student reads only what is theirs: the announcements of their school
 * shown now to their audience, and their own notices.
 */
import * as s from '../schemas/announcements';
import { defineCall } from '../contract';
import { zEmpty } from '../schemas/common';

const adminTags = ['announcements (back office)'];
const admin = { access: { admin: 'userpage' }, tags: adminTags } as const;
const student = { access: 'student', tags: ['announcements'] } as const;
const notices = { access: 'student', tags: ['notices'] } as const;

export const announcementCalls = {
  list: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'update/announcement/list',
    summary:
      "The school's announcements, newest first, each with its state (draft, scheduled, showing, ended) and how " +
      'many of its audience (everyone, or the members of its groups and their sub-groups) have viewed it.',
    query: s.zAnnouncementAdminQuery,
    reply: s.zAdminAnnouncementList,
  }),
  info: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'update/announcement/info',
    summary: 'One announcement of the school with its groups and viewed counts.',
    query: s.zAnnouncementRef,
    reply: s.zAdminAnnouncement,
  }),
  groups: defineCall({
    ...admin,
    noStore: true,
    method: 'GET',
    path: 'update/announcement/groups',
    summary: "The school's student groups for choosing an announcement's audience (parentId: the tree).",
    reply: s.zAnnouncementGroups,
  }),
  create: defineCall({
    ...admin,
    method: 'POST',
    path: 'update/announcement/add',
    summary: 'A draft announcement: title, rich text (sanitised as articles are), audience, pinned, window.',
    body: s.zNewAnnouncement,
    reply: s.zAdminAnnouncement,
  }),
  save: defineCall({
    ...admin,
    method: 'POST',
    path: 'update/announcement/save',
    summary: 'Replaces the fields given; rich text sanitised; groups must be the school’s (400).',
    body: s.zUpdateAnnouncement,
    reply: s.zAdminAnnouncement,
  }),
  publish: defineCall({
    ...admin,
    method: 'POST',
    path: 'update/announcement/publish',
    summary: 'publish true publishes (shown inside its window), false returns it to draft (views are kept).',
    body: s.zPublishAnnouncement,
    reply: s.zAdminAnnouncement,
  }),
  pin: defineCall({
    ...admin,
    method: 'POST',
    path: 'update/announcement/pin',
    summary: 'Pins or unpins: pinned ones come first, and an unread pinned one opens once on entering the site.',
    body: s.zPinAnnouncement,
    reply: s.zAdminAnnouncement,
  }),
  remove: defineCall({
    ...admin,
    method: 'POST',
    path: 'update/announcement/delete',
    summary: 'Deletes an announcement with its groups and views.',
    body: s.zAnnouncementRef,
    reply: s.zAnnouncementsDeleted,
  }),
  mine: defineCall({
    ...student,
    noStore: true,
    method: 'GET',
    path: 'systemAnnouncement/list',
    summary:
      "The announcements the signed-in student sees now (their school's, published, inside the window, for " +
      'everyone or a group of theirs or above theirs), pinned first, each with its viewed flag.',
    reply: s.zStudentAnnouncements,
  }),
  viewed: defineCall({
    ...student,
    method: 'POST',
    path: 'systemAnnouncement/viewed',
    summary: 'Marks an announcement the student sees as viewed (again: no change); 404 for one they do not see.',
    body: s.zAnnouncementRef,
    reply: s.zViewed,
  }),
};

export const noticeCalls = {
  list: defineCall({
    ...notices,
    noStore: true,
    method: 'GET',
    path: 'notice/list',
    summary: "The signed-in student's system notices, newest first (page size 15), with the unread count.",
    query: s.zNoticeQuery,
    reply: s.zNoticeList,
  }),
  read: defineCall({
    ...notices,
    method: 'POST',
    path: 'notice/read',
    summary: 'Marks one of the student’s notices read (on opening it); answers how many changed (0 or 1).',
    body: s.zNoticeRef,
    reply: s.zNoticesRead,
  }),
  readAll: defineCall({
    ...notices,
    method: 'POST',
    path: 'notice/readall',
    summary: 'Marks all the student’s notices read; answers how many changed.',
    body: zEmpty,
    reply: s.zNoticesRead,
  }),
  unread: defineCall({
    ...notices,
    noStore: true,
    method: 'GET',
    path: 'notice/unread',
    summary:
      'The badges of every signed-in page: unread notices, announcements shown now and not viewed, and unread ' +
      'private messages.',
    reply: s.zUnreadCounts,
  }),
};
