/**
 * A student's private notes per chapter (issue 16; spec 7 'notes (GET/DELETE)'): the spec's GET stays GET
 * notes; its DELETE is POST notes/delete, as every state change in this codebase is a POST (the same-origin
 * guard and the envelope); add and edit are designed here. Only the student's own: anyone else's id is 404.
 */
import * as s from '../schemas/qa';
import { defineCall } from '../contract';

const tags = ['notes'];

export const noteCalls = {
  list: defineCall({
    method: 'GET',
    path: 'notes',
    access: 'student',
    noStore: true,
    tags,
    summary:
      "The signed-in student's notes, all or of a course (coid) or chapter (cid), in reading order (course, chapter, " +
      'time or page).',
    query: s.zNotesQuery,
    reply: s.zNoteList,
  }),
  add: defineCall({
    method: 'POST',
    path: 'notes/add',
    access: 'student',
    tags,
    summary:
      'Adds a note on a chapter the student may study (the access policy), at a video time (seconds) or a page, or ' +
      'neither. Plain text, at most 2000 characters (400 emptyText / tooLong); 429 at more than 30 a minute.',
    body: s.zNewNote,
    reply: s.zNote,
  }),
  edit: defineCall({
    method: 'POST',
    path: 'notes/edit',
    access: 'student',
    tags,
    summary: "Edits one of the student's notes (body, and the time or page when given). 404 for anyone else's.",
    body: s.zUpdateNote,
    reply: s.zNote,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'notes/delete',
    access: 'student',
    tags,
    summary: "The spec's DELETE notes, as a POST: deletes one of the student's notes. 404 for anyone else's.",
    body: s.zNoteRef,
    reply: s.zDeleted,
  }),
};
