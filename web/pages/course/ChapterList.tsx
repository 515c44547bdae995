import type { ChapterNode } from '../../../shared/schemas/chapters';
import { CHAPTER_KIND_LABELS, ChapterTree } from '../../components/catalogue/ChapterTree';
import { useT } from '../../i18n';

function ChapterRow({
  chapter,
  paid,
  onOpen,
}: {
  chapter: ChapterNode;
  paid: boolean;
  onOpen: (chapter: ChapterNode) => void;
}) {
  const t = useT();
  const kind = CHAPTER_KIND_LABELS[chapter.learnType];
  return (
    <li>
      <button
        type="button"
        className={`chapter-row${chapter.locked ? ' is-locked' : ''}`}
        onClick={() => onOpen(chapter)}
        data-testid="chapter-row"
      >
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
export function ChapterList({
  chapters,
  paid,
  onOpen,
}: {
  chapters: ChapterNode[];
  paid: boolean;
  onOpen: (chapter: ChapterNode) => void;
}) {
  return (
    <ChapterTree
      chapters={chapters}
      className="chapter-list"
      testId="chapter-list"
      groupClassName="chapter-group"
      headingClassName="chapter-heading"
      row={(chapter) => <ChapterRow key={chapter.cid} chapter={chapter} paid={paid} onOpen={onOpen} />}
    />
  );
}
