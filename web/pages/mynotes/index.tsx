import { noteCalls } from '../../../shared/calls/notes';
import type { Note } from '../../../shared/schemas/qa';
import { apiUrl } from '../../api/client';
import { requestSpot } from '../../components/viewers/position';
import { Loading } from '../../components/Loading';
import { PersonalPageHead } from '../../components/layout/PersonalPageHead';
import { useCall } from '../../hooks/useCall';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { NoteItem } from '../learn/talk/NotesPanel';
import { learnHref } from '../learn/links';
import { useStudentGuard } from '../mycourse/useStudentGuard';

interface ChapterGroup {
  cid: string;
  title: string;
  href: string | null;
  notes: Note[];
}
interface CourseGroup {
  coid: string;
  title: string;
  chapters: ChapterGroup[];
}

/** The notes (already in reading order) grouped by course, then chapter. */
function group(notes: readonly Note[]): CourseGroup[] {
  const courses: CourseGroup[] = [];
  for (const note of notes) {
    let course = courses.at(-1);
    if (course?.coid !== note.coid) {
      course = { coid: note.coid, title: note.courseTitle, chapters: [] };
      courses.push(course);
    }
    let chapter = course.chapters.at(-1);
    if (chapter?.cid !== note.cid) {
      chapter = {
        cid: note.cid,
        title: note.chapterTitle,
        href: note.learnType ? learnHref(note.code, note.cid, note.learnType) : null,
        notes: [],
      };
      course.chapters.push(chapter);
    }
    chapter.notes.push(note);
  }
  return courses;
}

/**
 * My notes (#/mynotes, desktop and phone; issue 16): the student's notes grouped by course and chapter, each
 * chapter a link to its learning page (where a note's time or page goes back there), edited and deleted
 * here, and exported as Markdown or CSV.
 */
export default function MyNotesPage() {
  const t = useT();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  const { data, error, mutate } = useCall(noteCalls.list, allowed ? { query: {} } : null);
  if (!allowed) return <Loading />;

  let body;
  if (error) {
    body = (
      <div className="mc-empty" role="alert">
        <p>{t('notes.loadError')}</p>
        <button type="button" className="btn btn-small" onClick={() => void mutate()}>
          {t('notes.retry')}
        </button>
      </div>
    );
  } else if (!data) body = <Loading />;
  else if (data.list.length === 0) {
    body = (
      <div className="mc-empty" data-testid="mynotes-empty">
        <p>{t('notes.empty')}</p>
      </div>
    );
  } else {
    body = group(data.list).map((course) => (
      <section key={course.coid} className="mynotes-course" data-testid="mynotes-course">
        <h2>{course.title}</h2>
        {course.chapters.map((chapter) => (
          <div key={chapter.cid} className="mynotes-chapter" data-testid="mynotes-chapter">
            <h3>
              {chapter.title}
              {chapter.href && (
                <a className="btn btn-text btn-small" href={chapter.href} data-testid="mynotes-open">
                  {t('notes.open')}
                </a>
              )}
            </h3>
            <ul className="talk-list">
              {chapter.notes.map((note) => (
                <NoteItem
                  key={`${note.nid}.${note.updated}`}
                  note={note}
                  onChanged={() => mutate()}
                  onGo={
                    chapter.href
                      ? () => {
                          // The learning page opens at the note's time or page.
                          requestSpot(note.cid, { time: note.videoTime ?? undefined, page: note.page ?? undefined });
                          window.location.assign(chapter.href ?? '');
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
          </div>
        ))}
      </section>
    ));
  }

  return (
    <section
      className={isMobile ? 'mc-page mc-page-mobile' : 'card mc-page'}
      aria-labelledby="my-notes-title"
      data-testid="my-notes"
    >
      <PersonalPageHead titleId="my-notes-title" title={t('notes.title')} backLabel={t('common.back')} />
      {data && data.list.length > 0 && (
        <div className="mynotes-tools">
          <a
            className="btn btn-light btn-small"
            href={apiUrl('notes/export', { format: 'md' })}
            download
            data-testid="export-md"
          >
            {t('notes.exportMd')}
          </a>
          <a
            className="btn btn-light btn-small"
            href={apiUrl('notes/export', { format: 'csv' })}
            download
            data-testid="export-csv"
          >
            {t('notes.exportCsv')}
          </a>
        </div>
      )}
      {body}
    </section>
  );
}
