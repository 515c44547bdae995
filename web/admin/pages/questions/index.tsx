import { useState } from 'react';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import {
  DIFFICULTIES,
  QUESTION_TAG_MAX_CHARS,
  QUESTION_TYPES,
  type AdminQuestion,
  type QuestionRow,
} from '../../../../shared/schemas/questions';
import { alert, toast } from '../../../components/feedback';
import { questionCalls as calls } from '../../../../shared/calls/questions';
import { request } from '../../../api/client';
import { exportQuestionsUrl, questionTemplateUrl } from '../../../api/questions';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { CategoryPanel } from './CategoryPanel';
import { ImportDialog } from './ImportDialog';
import { QuestionForm } from './QuestionForm';

const PAGE_SIZE = 20;

interface Filter {
  keyword: string;
  catid: string;
  type: string;
  difficulty: string;
  tag: string;
  page: number;
}

/**
 * The question bank (题库, permission question): the category tree beside
 * the list; search by the question's text, filters by kind, difficulty and tag; paged; create and edit in a
 * form per kind; delete, with the server's refusal (the papers and exercise sets that use it) shown; import
 * from Excel with a row-by-row report; export of the filtered list and the import template.
 */
export default function QuestionsPage() {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useState<Filter>({ keyword: '', catid: '', type: '', difficulty: '', tag: '', page: 1 });
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const query = {
    keyword: filter.keyword || undefined,
    catid: filter.catid || undefined,
    type: filter.type === '' ? undefined : Number(filter.type),
    difficulty: filter.difficulty === '' ? undefined : Number(filter.difficulty),
    tag: filter.tag.trim() || undefined,
  };
  const list = useCall(
    calls.list,
    { query: { ...query, page: filter.page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const categories = useCall(calls.categories, {});
  const change = (patch: Partial<Filter>) => setFilter((current) => ({ ...current, page: 1, ...patch }));
  const refresh = () => Promise.all([list.mutate(), categories.mutate()]);
  const rows = list.data?.list ?? [];

  const handleEdit = async (row: QuestionRow) => {
    setBusy(true);
    const reply = await request(calls.item, { query: { qid: row.qid } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setEditing(reply.data);
  };

  const handleDelete = async (row: QuestionRow) => {
    setBusy(true);
    const reply = await request(calls.remove, { body: { qid: row.qid } });
    setBusy(false);
    if (reply.status !== 'ok') {
      const use = reply.data as { papers?: number; exerciseSets?: number } | null;
      if (use && typeof use.papers === 'number')
        return void alert({ text: t('admin.questions.inUse', { papers: use.papers, sets: use.exerciseSets ?? 0 }) });
      return toast(failureText(t, reply));
    }
    toast(t('admin.questions.deleted'));
    await refresh();
  };

  return (
    <div className="ac-page" data-testid="questions-page">
      <PageHeader title={t('admin.questions.title')}>
        <a className="btn" href={questionTemplateUrl()} download data-testid="download-template">
          {t('admin.questions.template')}
        </a>
        <button type="button" className="btn" onClick={() => setImporting(true)} data-testid="open-import">
          {t('admin.questions.import')}
        </button>
        <a className="btn" href={exportQuestionsUrl(query)} download data-testid="export-questions">
          {t('admin.questions.export')}
        </a>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="add-question">
          {t('admin.questions.add')}
        </button>
      </PageHeader>
      {/* The tree beside the list on a wide screen, above it on a phone (it wraps). */}
      <div
        className="ac-question-layout"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}
      >
        <div style={{ flex: '1 1 200px', minWidth: 0 }}>
          <CategoryPanel
            tree={categories.data?.tree ?? []}
            selected={filter.catid}
            onSelect={(catid) => change({ catid })}
            onChanged={refresh}
          />
        </div>
        <section className="card ac-card" style={{ flex: '999 1 520px', minWidth: 0 }}>
          <ListToolbar>
            <SearchForm
              placeholder={t('admin.questions.searchPlaceholder')}
              onSearch={(keyword) => change({ keyword })}
            />
            <select
              aria-label={t('admin.questions.col.type')}
              value={filter.type}
              onChange={(event) => change({ type: event.target.value })}
              data-testid="type-filter"
            >
              <option value="">{t('admin.questions.allTypes')}</option>
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.questions.type.${type}`)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('admin.questions.col.difficulty')}
              value={filter.difficulty}
              onChange={(event) => change({ difficulty: event.target.value })}
              data-testid="difficulty-filter"
            >
              <option value="">{t('admin.questions.allDifficulties')}</option>
              {DIFFICULTIES.map((level) => (
                <option key={level} value={level}>
                  {t(`admin.questions.difficulty.${level}`)}
                </option>
              ))}
            </select>
            <input
              type="search"
              placeholder={t('admin.questions.tagFilter')}
              aria-label={t('admin.questions.tagFilter')}
              value={filter.tag}
              maxLength={QUESTION_TAG_MAX_CHARS}
              onChange={(event) => change({ tag: event.target.value })}
              data-testid="tag-filter"
            />
          </ListToolbar>
          {list.error && !list.data ? (
            <LoadError onRetry={() => void list.mutate()} />
          ) : (
            <DataTable
              columns={[
                t('admin.questions.col.content'),
                t('admin.questions.col.type'),
                t('admin.questions.col.category'),
                t('admin.questions.col.points'),
                t('admin.questions.col.difficulty'),
                t('admin.questions.col.updatedAt'),
              ]}
              empty={list.data && rows.length === 0 && t('admin.questions.empty')}
            >
              {rows.map((row) => (
                <tr key={row.qid} data-testid="question-row" data-qid={row.qid}>
                  <td data-label={t('admin.questions.col.content')}>
                    <span className="ac-strong">{row.excerpt}</span>
                    {row.tags.length > 0 && <p className="ac-muted">{row.tags.join(' · ')}</p>}
                  </td>
                  <td data-label={t('admin.questions.col.type')}>
                    {t(`admin.questions.type.${row.type as 0 | 1 | 2 | 3}`)}
                  </td>
                  <td data-label={t('admin.questions.col.category')}>
                    {row.categoryTitle || <span className="ac-muted">{t('admin.questions.noCategory')}</span>}
                  </td>
                  <td data-label={t('admin.questions.col.points')}>{row.point}</td>
                  <td data-label={t('admin.questions.col.difficulty')}>
                    {t(`admin.questions.difficulty.${row.difficulty as 1 | 2 | 3 | 4 | 5}`)}
                  </td>
                  <td data-label={t('admin.questions.col.updatedAt')} className="ac-muted">
                    {formatDateMinutes(row.updatedAt, locale)}
                    <p>{t('admin.questions.version', { version: row.version })}</p>
                  </td>
                  <RowActions>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy}
                      onClick={() => void handleEdit(row)}
                      data-testid="edit-question"
                    >
                      {t('admin.common.edit')}
                    </button>
                    <DeleteButton
                      busy={busy}
                      confirmText={t('admin.questions.deleteConfirm')}
                      onDelete={() => handleDelete(row)}
                      testId="delete-question"
                    />
                  </RowActions>
                </tr>
              ))}
            </DataTable>
          )}
          {list.data && (
            <Pager
              page={filter.page}
              num={PAGE_SIZE}
              total={list.data.total}
              onPage={(page) => setFilter((current) => ({ ...current, page }))}
            />
          )}
        </section>
      </div>
      {editing && (
        <QuestionForm
          question={editing === 'new' ? null : editing}
          defaultCategory={filter.catid}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
