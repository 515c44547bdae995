import { CHAPTER_TYPE, type ChapterNode } from '../../../shared/schemas/chapters';
import { CHAPTER_KIND_LABELS, ChapterTree } from '../../components/catalogue/ChapterTree';
import { useT } from '../../i18n';
import { learnHref } from './links';

function Row({ chapter, code, current, paid }: { chapter: ChapterNode; code: string; current: string; paid: boolean }) {
  const t = useT();
  const kind = chapter.type === CHAPTER_TYPE.audio ? 'learn.kindAudio' : CHAPTER_KIND_LABELS[chapter.learnType];
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
  return (
    <ChapterTree
      chapters={chapters}
      className="learn-chapters"
      testId="learn-chapters"
      groupClassName="learn-chapter-group"
      row={(chapter) => <Row key={chapter.cid} chapter={chapter} code={code} current={current} paid={paid} />}
    />
  );
}
