import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { CHAPTER_TYPE } from '../../../shared/schemas/chapters';
import { TITLE_MAX } from '../../../shared/schemas/courses';
import { RESOURCE_TITLE_MAX } from '../../../shared/schemas/resources';
import type { AppContext } from '../../context';
import { liveSessions } from '../../db/schema';
import { removeQuietly, TMP_UPLOADS_DIR } from '../../lib/storage';
import { countChildren, insertChapters } from '../chapters/chapters.repository';
import { findCourse } from '../courses/courses.repository';
import { enqueueConversion } from '../media/media.service';
import { insertResource, updateResource } from '../resources/resources.repository';
import { removeFile, storeReceived } from '../uploads/uploads.service';
import type { LiveSessionRow } from './sessions.repository';

/**
 * Replays (issue 17): when a stream ends, nginx-rtmp's on_record_done names the finished recording (an FLV in
 * LIVE_RECORDINGS_DIR). The platform copies it into its own storage the way an upload arrives (tmp, then moved
 * into files/userupload/{school}/{guid}.FLV with its files row), makes it a video resource of the course's
 * school in the library's top folder, queues its conversion to HLS VOD like any uploaded video (a conversion
 * that fails leaves the FLV downloadable with the tool's message, as for uploads), and appends a video chapter
 * teaching it to the course. The session remembers both. On failure the session keeps the reason
 * (replayError) and the recording stays where the live server wrote it.
 */

/** A recording's real path when it is a regular file inside LIVE_RECORDINGS_DIR, else null. */
export function recordingInside(ctx: AppContext, given: string): string | null {
  const dir = ctx.config.LIVE_RECORDINGS_DIR;
  if (!dir || !path.isAbsolute(given)) return null;
  try {
    const root = fs.realpathSync(dir);
    const file = fs.realpathSync(given);
    if (!file.startsWith(root + path.sep) || !fs.statSync(file).isFile()) return null;
    return file;
  } catch {
    return null;
  }
}

/** '2026-11-26 09:30' in the server's time zone. */
function localMinute(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

const clip = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/** The replay's title: '{session title} 回放 {date}', the session title shortened to fit. */
export function replayTitle(sessionTitle: string, at: number): string {
  const tail = ` 回放 ${localMinute(at)}`;
  const max = Math.min(TITLE_MAX, RESOURCE_TITLE_MAX) - tail.length;
  return `${clip(sessionTitle.trim(), max)}${tail}`;
}

export type ReplayOutcome = { resourceId: string; chapterId: string } | { error: string };

/**
 * Imports a finished recording (already checked to lie inside LIVE_RECORDINGS_DIR) as the session's replay.
 * Never throws: a failure is stored on the session and returned.
 */
export async function importReplay(
  ctx: AppContext,
  session: LiveSessionRow,
  recording: string,
): Promise<ReplayOutcome> {
  const tmpFile = path.join(ctx.config.dataDir, TMP_UPLOADS_DIR, `${ctx.ids.next()}.part`);
  let fileId: string | null = null;
  try {
    const course = await findCourse(ctx.db, session.courseId);
    if (!course || course.deleted) throw new Error('the course is gone');
    // Copied, not moved: the recordings folder may be another file system, and a failure keeps it there.
    await fsp.copyFile(recording, tmpFile, fs.constants.COPYFILE_EXCL);
    const { size } = await fsp.stat(tmpFile);
    const uploadedBy = `admin:${session.teacherId ?? ''}`;
    const received = { tmpFile, name: path.basename(recording), ext: 'FLV', mime: 'video/x-flv', size };
    const file = await storeReceived(ctx, received, { schoolId: session.schoolId, uploadedBy }, 'private');
    fileId = file.id;
    const resourceId = ctx.ids.next();
    const chapterId = ctx.ids.next();
    const now = ctx.now();
    const title = replayTitle(session.title, session.liveAt ?? now);
    await ctx.db.transaction(async (tx) => {
      await insertResource(tx, {
        id: resourceId,
        schoolId: session.schoolId,
        categoryId: '0',
        title,
        fileId: file.id,
        kind: 'video',
        status: 'queued',
        createdBy: session.teacherId ?? '',
        createdAt: now,
        updatedAt: now,
      });
      const position = await countChildren(tx, course.id, '0');
      await insertChapters(tx, [
        {
          id: chapterId,
          courseId: course.id,
          parentId: '0',
          position,
          title,
          type: CHAPTER_TYPE.video,
          resourceId,
          createdAt: now,
        },
      ]);
      await tx
        .update(liveSessions)
        .set({ replayResourceId: resourceId, replayChapterId: chapterId, replayError: null, updatedAt: now })
        .where(eq(liveSessions.id, session.id));
    });
    fileId = null;
    ctx.catalogueCache.bump(session.schoolId);
    await queueConversion(ctx, resourceId);
    await fsp.rm(recording, { force: true });
    return { resourceId, chapterId };
  } catch (error) {
    const message = clip((error as Error).message || String(error), 500);
    ctx.log.error({ err: error, session: session.id, recording }, 'live replay: could not import the recording');
    await removeQuietly(tmpFile);
    if (fileId) await removeFile(ctx, fileId).catch(() => undefined);
    await ctx.db
      .update(liveSessions)
      .set({ replayError: message, updatedAt: ctx.now() })
      .where(eq(liveSessions.id, session.id));
    return { error: message };
  }
}

/** Queues the conversion like resource/add does: a failure to queue leaves the resource usable as uploaded. */
async function queueConversion(ctx: AppContext, resourceId: string): Promise<void> {
  try {
    await enqueueConversion(ctx, resourceId);
  } catch (error) {
    ctx.log.error({ err: error, rid: resourceId }, 'live replay: could not queue the conversion');
    await updateResource(ctx.db, resourceId, {
      status: 'failed',
      statusMessage: `could not queue the conversion: ${(error as Error).message}`,
      updatedAt: ctx.now(),
    });
  }
}
