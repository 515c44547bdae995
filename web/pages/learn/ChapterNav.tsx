import type { MessageKey } from '../../../shared/i18n';
import { CHAPTER_TYPE, type ChapterNode } from '../../../shared/schemas/chapters';
import { useT } from '../../i18n';
import { learnHref } from './links';

/** Chapter kinds by learn letter (spec 2: p document, v video/audio, i image-text, o/oo exercise/exam, ppt). */
const KIND_LABELS: Record<string, MessageKey> = {
  v: 'chapter.kind.video',
  p: 'chapter.kind.document',
  i: 'chapter.kind.imageText',
  ppt: 'chapter.kind.ppt',
  o: 'chapter.kind.exercise',
  oo: 'chapter.kind.exam',
};

function Row({ chapter, code, current, paid }: { chapter: ChapterNode; code: string; current: string; paid: boolean }) {
  const t = useT();
  const kind = chapter.type === CHAPTER_TYPE.audio ? 'learn.kindAudio' : KIND_LABELS[chapter.learnType];
  const here = chapter.cid === current;
  return (
    <li>
      <a
        className={`learn-chapter${here ? ' is-current' : ''}${chapter.locked ? ' is-locked' : ''}`}
        href={learnHref(code, chapter.cid, chapter.learnType)}
        aria-current={here ? 'page' : undefined}
        data-testid="learn-chapter"
      >
        {kind && <span className="learn-chapter-kind">{t(kind)}</span>}
        <span className="learn-chapter-title">{chapter.title}</span>
        {here && <span className="learn-chapter-tag is-current">{t('learn.current')}</span>}
        {!here && paid && chapter.free && <span className="learn-chapter-tag">{t('chapter.free')}</span>}
        {!here && chapter.locked && <span className="learn-chapter-lock">{t('chapter.locked')}</span>}
      </a>
    </li>
  );
}

/** The course's chapter list beside the content (spec 2: every learning page shows it); each chapter opens its learning page. */
export function ChapterNav({ chapters, code, current, paid }: { chapters: ChapterNode[]; code: string; current: string; paid: boolean }) {
  const t = useT();
  if (chapters.length === 0) return <p className="catalogue-empty">{t('course.noChapter')}</p>;
  return (
    <ol className="learn-chapters" data-testid="learn-chapters">
      {chapters.map((chapter) =>
        chapter.children.length > 0 || chapter.learnType === '' ? (
          <li key={chapter.cid} className="learn-chapter-group">
            <h3>{chapter.title}</h3>
            <ol>
              {chapter.children.map((sub) => (
                <Row key={sub.cid} chapter={sub} code={code} current={current} paid={paid} />
              ))}
            </ol>
          </li>
        ) : (
          <Row key={chapter.cid} chapter={chapter} code={code} current={current} paid={paid} />
        ),
      )}
    </ol>
  );
}
