import type { MessageKey } from '../../../shared/i18n';
import type { ChapterNode } from '../../../shared/schemas/chapters';
import { useT } from '../../i18n';

/** Chapter kinds by learn letter (spec 2: p document, v video/audio, i image-text, o/oo exercise/exam, ppt). */
const KIND_LABELS: Record<string, MessageKey> = {
  v: 'chapter.kind.video',
  p: 'chapter.kind.document',
  i: 'chapter.kind.imageText',
  ppt: 'chapter.kind.ppt',
  o: 'chapter.kind.exercise',
  oo: 'chapter.kind.exam',
};

function ChapterRow({ chapter, paid, onOpen }: { chapter: ChapterNode; paid: boolean; onOpen: (chapter: ChapterNode) => void }) {
  const t = useT();
  const kind = KIND_LABELS[chapter.learnType];
  return (
    <li>
      <button type="button" className={`chapter-row${chapter.locked ? ' is-locked' : ''}`} onClick={() => onOpen(chapter)} data-testid="chapter-row">
        {kind && <span className={`chapter-kind kind-${chapter.learnType}`}>{t(kind)}</span>}
        <span className="chapter-title">{chapter.title}</span>
        {paid && chapter.free && <span className="chapter-tag is-free">{t('chapter.free')}</span>}
        {chapter.locked && (
          <span className="chapter-lock">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
            {t('chapter.locked')}
          </span>
        )}
      </button>
    </li>
  );
}

/** The chapter list (spec 2 'chapter list with free/unpaid tags, lock text for unpaid content'). */
export function ChapterList({ chapters, paid, onOpen }: { chapters: ChapterNode[]; paid: boolean; onOpen: (chapter: ChapterNode) => void }) {
  const t = useT();
  if (chapters.length === 0) return <p className="catalogue-empty">{t('course.noChapter')}</p>;
  return (
    <ol className="chapter-list" data-testid="chapter-list">
      {chapters.map((chapter) =>
        chapter.children.length > 0 || chapter.learnType === '' ? (
          <li key={chapter.cid} className="chapter-group">
            <h3 className="chapter-heading">{chapter.title}</h3>
            <ol>
              {chapter.children.map((sub) => (
                <ChapterRow key={sub.cid} chapter={sub} paid={paid} onOpen={onOpen} />
              ))}
            </ol>
          </li>
        ) : (
          <ChapterRow key={chapter.cid} chapter={chapter} paid={paid} onOpen={onOpen} />
        ),
      )}
    </ol>
  );
}
