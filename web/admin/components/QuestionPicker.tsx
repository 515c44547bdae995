/**
 * Chooses and orders questions from the school's bank (the paper editor and the chapter exercises
 * editor use it).
 *
 * Props:
 * - `selected: PickedQuestion[]` — the chosen questions in order (the caller owns the list);
 * - `onChange(next: PickedQuestion[])` — called with the whole new list when a question is ticked or unticked,
 *   removed, or moved up or down.
 *
 * `PickedQuestion` is { qid, type (0 single, 1 multiple, 2 true/false, 3 short), content (a plain-text excerpt),
 * point (the question's own points in the bank) }. The bank side searches GET question/list (keyword, kind,
 * category with its sub-categories), 10 a page; administrators with permission 'question', 'exam' or 'course' may
 * read it.
 * Not a form: it sits inside the caller's form, and Enter in its search box searches instead of saving.
 */
import { useState } from 'react';
import { QUESTION_TYPES, type QuestionRow } from '../../../shared/schemas/questions';
import { questionCalls as calls } from '../../../shared/calls/questions';
import { flattenCategories } from '../../api/questions';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { moveItem, OrderButtons } from './OrderButtons';
import { Pager } from './Pager';

export interface PickedQuestion {
  qid: string;
  type: number;
  /** A plain-text excerpt of the question. */
  content: string;
  point: number;
}

const PAGE_NUM = 10;

/** A bank row as a picked question. */
export const pickedOf = (row: QuestionRow): PickedQuestion => ({
  qid: row.qid,
  type: row.type,
  content: row.excerpt,
  point: row.point,
});

export function QuestionPicker({
  selected,
  onChange,
}: {
  selected: PickedQuestion[];
  onChange: (next: PickedQuestion[]) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<{ keyword: string; type: string; catid: string; page: number }>({
    keyword: '',
    type: '',
    catid: '',
    page: 1,
  });
  const categories = useCall(calls.categories, {});
  const results = useCall(calls.list, {
    query: {
      keyword: filter.keyword || undefined,
      type: filter.type === '' ? undefined : Number(filter.type),
      catid: filter.catid || undefined,
      page: filter.page,
      num: PAGE_NUM,
    },
  });
  const chosen = new Set(selected.map((item) => item.qid));
  const total = selected.reduce((sum, item) => sum + item.point, 0);
  const toggle = (row: QuestionRow) =>
    onChange(chosen.has(row.qid) ? selected.filter((item) => item.qid !== row.qid) : [...selected, pickedOf(row)]);
  const search = () => setFilter((current) => ({ ...current, keyword: draft.trim(), page: 1 }));

  return (
    <div className="ac-picker ac-question-picker" data-testid="question-picker">
      <section className="ac-picker-chosen" aria-label={t('admin.questions.picker.chosen')}>
        <h3 className="ac-subtitle">
          {t('admin.questions.picker.chosenCount', { count: selected.length, points: Math.round(total * 100) / 100 })}
        </h3>
        {selected.length === 0 ? (
          <p className="ac-muted ac-empty">{t('admin.questions.picker.none')}</p>
        ) : (
          <ol className="ac-sortable" data-testid="picked-questions">
            {selected.map((item, index) => (
              <li key={item.qid} className="ac-sortable-row" data-qid={item.qid}>
                <span className="badge">{t(`admin.questions.type.${item.type as 0 | 1 | 2 | 3}`)}</span>
                <span className="ac-sortable-title">{item.content}</span>
                <span className="ac-muted">{t('admin.questions.picker.points', { points: item.point })}</span>
                <span className="ac-row-actions">
                  <OrderButtons
                    index={index}
                    count={selected.length}
                    label={item.content}
                    onMove={(to) => onChange(moveItem(selected, index, to))}
                  />
                  <button
                    type="button"
                    className="btn btn-small btn-text"
                    onClick={() => onChange(selected.filter((other) => other.qid !== item.qid))}
                    aria-label={`${t('admin.questions.picker.remove')} ${item.content}`}
                  >
                    {t('admin.questions.picker.remove')}
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="ac-picker-source" aria-label={t('admin.questions.picker.source')}>
        <div className="ac-inline-form" role="search">
          <input
            type="search"
            value={draft}
            placeholder={t('admin.questions.searchPlaceholder')}
            aria-label={t('admin.questions.searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                search();
              }
            }}
          />
          <button type="button" className="btn btn-small" onClick={search}>
            {t('common.search')}
          </button>
          <select
            aria-label={t('admin.questions.form.type')}
            value={filter.type}
            onChange={(event) => setFilter((current) => ({ ...current, type: event.target.value, page: 1 }))}
          >
            <option value="">{t('admin.questions.allTypes')}</option>
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.questions.type.${type}`)}
              </option>
            ))}
          </select>
          <select
            aria-label={t('admin.questions.form.category')}
            value={filter.catid}
            onChange={(event) => setFilter((current) => ({ ...current, catid: event.target.value, page: 1 }))}
          >
            <option value="">{t('admin.questions.allCategories')}</option>
            {flattenCategories(categories.data?.tree ?? []).map(({ node, depth }) => (
              <option key={node.catid} value={node.catid}>
                {`${'\u00a0\u00a0'.repeat(depth)}${node.title}`}
              </option>
            ))}
          </select>
        </div>
        <ul className="ac-picker-results">
          {(results.data?.list ?? []).map((row) => (
            <li key={row.qid} data-qid={row.qid}>
              <label className="ac-check">
                <input
                  type="checkbox"
                  checked={chosen.has(row.qid)}
                  onChange={() => toggle(row)}
                  aria-label={t('admin.questions.picker.pick', { title: row.excerpt })}
                />
                <span className="badge">{t(`admin.questions.type.${row.type as 0 | 1 | 2 | 3}`)}</span>
                <span className="ac-sortable-title">{row.excerpt}</span>
                <span className="ac-muted">{t('admin.questions.picker.points', { points: row.point })}</span>
              </label>
            </li>
          ))}
          {results.data?.list.length === 0 && <li className="ac-muted">{t('admin.questions.empty')}</li>}
        </ul>
        {results.data && results.data.total > PAGE_NUM && (
          <Pager
            page={filter.page}
            num={PAGE_NUM}
            total={results.data.total}
            onPage={(page) => setFilter((current) => ({ ...current, page }))}
          />
        )}
      </section>
    </div>
  );
}
