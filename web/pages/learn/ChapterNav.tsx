import type { MouseEvent } from 'react';
import { displayPercent, isComplete } from '../../../shared/rules/progress';
import { CHAPTER_TYPE, type ChapterNode } from '../../../shared/schemas/chapters';
import type { StudyLock } from '../../../shared/schemas/learning';
import { CHAPTER_KIND_LABELS, ChapterTree } from '../../components/catalogue/ChapterTree';
import { useT } from '../../i18n';
import { learnHref } from './links';

/** The student's study shown in the list: each chapter's progress and its order lock. */
export interface NavStudy {
  /** Progress 0..1, or null when nothing is recorded (a visitor, a preview). */
  progressOf: (cid: string) => number | null;
  lockOf: (cid: string) => StudyLock | null;
  /** A locked chapter was clicked: say why (the lock's message) instead of opening it. */
  onLocked: (cid: string, lock: StudyLock) => void;
}

function Progress({ value }: { value: number | null }) {
  const t = useT();
  if (value === null) return null;
  if (isComplete(value)) {
    return (
      <span
        className="studyflow-progress is-complete"
        title={t('learn.flow.complete')}
        data-testid="chapter-progress"
        data-progress="100"
      >
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">{t('learn.flow.complete')}</span>
      </span>
    );
  }
  const percent = displayPercent(value);
  if (percent <= 0) return null;
  return (
    <span
      className="studyflow-progress"
      title={t('learn.flow.progress', { percent })}
      data-testid="chapter-progress"
      data-progress={percent}
    >
      {percent}%
    </span>
  );
}

function Row({
  chapter,
  code,
  current,
  paid,
  study,
}: {
  chapter: ChapterNode;
  code: string;
  current: string;
  paid: boolean;
  study?: NavStudy;
}) {
  const t = useT();
  const kind = chapter.type === CHAPTER_TYPE.audio ? 'learn.kindAudio' : CHAPTER_KIND_LABELS[chapter.learnType];
  const here = chapter.cid === current;
  const lock = here ? null : (study?.lockOf(chapter.cid) ?? null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!lock || !study) return;
    event.preventDefault();
    study.onLocked(chapter.cid, lock);
  };
  return (
    <li>
      <a
        className={`learn-chapter${here ? ' is-current' : ''}${chapter.locked ? ' is-locked' : ''}${lock ? ' is-study-locked' : ''}`}
        href={learnHref(code, chapter.cid, chapter.learnType)}
        aria-current={here ? 'page' : undefined}
        onClick={onClick}
        data-testid="learn-chapter"
        data-cid={chapter.cid}
        data-lock={lock?.message}
      >
        {kind && <span className="learn-chapter-kind">{t(kind)}</span>}
        <span className="learn-chapter-title">{chapter.title}</span>
        {here && <span className="learn-chapter-tag is-current">{t('learn.current')}</span>}
        {!here && paid && chapter.free && <span className="learn-chapter-tag">{t('chapter.free')}</span>}
        {!here && chapter.locked && <span className="learn-chapter-lock">{t('chapter.locked')}</span>}
        {lock && (
          <span
            className="studyflow-lock"
            role="img"
            aria-label={t('learn.flow.locked')}
            title={t('learn.flow.locked')}
            data-testid="chapter-lock"
          >
            <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
              <path
                fill="currentColor"
                d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 1 0-4 0v2Z"
              />
            </svg>
          </span>
        )}
        {!lock && study && <Progress value={study.progressOf(chapter.cid)} />}
      </a>
    </li>
  );
}

/**
 * The course's chapter list beside the content (spec 2: every learning page shows it); each chapter opens
 * its learning page. With the student's study: each chapter's progress (a percent, a check when complete)
 * and the order locks (spec 4 'Ordered study', 'Growth plan order', 'Staged plan'), whose message shows on click.
 */
export function ChapterNav({
  chapters,
  code,
  current,
  paid,
  study,
}: {
  chapters: ChapterNode[];
  code: string;
  current: string;
  paid: boolean;
  study?: NavStudy;
}) {
  return (
    <ChapterTree
      chapters={chapters}
      className="learn-chapters"
      testId="learn-chapters"
      groupClassName="learn-chapter-group"
      row={(chapter) => (
        <Row key={chapter.cid} chapter={chapter} code={code} current={current} paid={paid} study={study} />
      )}
    />
  );
}
