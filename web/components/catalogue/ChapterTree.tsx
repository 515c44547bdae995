import type { ReactNode } from 'react';
import type { MessageKey } from '../../../shared/i18n';
import type { ChapterNode } from '../../../shared/schemas/chapters';
import { useT } from '../../i18n';

/** Chapter kinds by learn letter (spec 2: p document, v video/audio, i image-text, o/oo exercise/exam, ppt). */
export const CHAPTER_KIND_LABELS: Record<string, MessageKey> = {
  v: 'chapter.kind.video',
  p: 'chapter.kind.document',
  i: 'chapter.kind.imageText',
  ppt: 'chapter.kind.ppt',
  o: 'chapter.kind.exercise',
  oo: 'chapter.kind.exam',
};

/**
 * A course's chapters as a list: a chapter with sub-chapters (or no content of its own) is a group with
 * its title as a heading, the others are rows drawn by `row`. No chapters: the 'no chapter' text.
 */
export function ChapterTree({
  chapters,
  className,
  testId,
  groupClassName,
  headingClassName,
  row,
}: {
  chapters: ChapterNode[];
  className: string;
  testId: string;
  groupClassName: string;
  headingClassName?: string;
  row: (chapter: ChapterNode) => ReactNode;
}) {
  const t = useT();
  if (chapters.length === 0) return <p className="catalogue-empty">{t('course.noChapter')}</p>;
  return (
    <ol className={className} data-testid={testId}>
      {chapters.map((chapter) =>
        chapter.children.length > 0 || chapter.learnType === '' ? (
          <li key={chapter.cid} className={groupClassName}>
            <h3 className={headingClassName}>{chapter.title}</h3>
            <ol>{chapter.children.map(row)}</ol>
          </li>
        ) : (
          row(chapter)
        ),
      )}
    </ol>
  );
}
