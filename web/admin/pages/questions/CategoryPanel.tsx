import { useState } from 'react';
import { questionCalls as calls } from '../../../../shared/calls/questions';
import { QUESTION_CATEGORY_TITLE_MAX, type QuestionCategoryNode } from '../../../../shared/schemas/questions';
import { request } from '../../../api/client';
import { descendantsOf, flattenCategories } from '../../../api/questions';
import { confirm, toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

type Editing =
  | { kind: 'add'; parentId: string }
  | { kind: 'rename'; node: QuestionCategoryNode }
  | { kind: 'move'; node: QuestionCategoryNode };

/**
 * The bank's category tree beside the list: choosing a category filters the list (with its sub-categories);
 * add (at the first level or under the chosen one), rename, move under another category, delete (the server
 * refuses while the category holds questions, and the refusal is shown).
 */
export function CategoryPanel({
  tree,
  selected,
  onSelect,
  onChanged,
}: {
  tree: QuestionCategoryNode[];
  selected: string;
  onSelect: (catid: string) => void;
  onChanged: () => Promise<unknown>;
}) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [title, setTitle] = useState('');
  const [parent, setParent] = useState('0');
  const [busy, setBusy] = useState(false);
  const rows = flattenCategories(tree);
  const chosen = rows.find((row) => row.node.catid === selected)?.node ?? null;

  const open = (next: Editing) => {
    setEditing(next);
    setTitle(next.kind === 'rename' ? next.node.title : '');
    setParent(next.kind === 'move' ? next.node.parent_id : '0');
  };

  const handleSubmit = async () => {
    if (!editing) return;
    setBusy(true);
    const reply =
      editing.kind === 'add'
        ? await request(calls.addCategory, { body: { title: title.trim(), parent_id: editing.parentId } })
        : editing.kind === 'rename'
          ? await request(calls.renameCategory, { body: { catid: editing.node.catid, title: title.trim() } })
          : await request(calls.moveCategory, { body: { catid: editing.node.catid, parent_id: parent } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setEditing(null);
    await onChanged();
  };

  const handleDelete = async (node: QuestionCategoryNode) => {
    if (
      !(await confirm({
        text: t('admin.questions.cat.deleteConfirm', { title: node.title }),
        okText: t('admin.common.delete'),
      }))
    )
      return;
    const reply = await request(calls.deleteCategory, { body: { catid: node.catid } });
    if (reply.status !== 'ok') {
      const held = (reply.data as { questions?: number } | null)?.questions;
      return toast(held ? t('admin.questions.cat.hasQuestions', { count: held }) : failureText(t, reply));
    }
    if (selected === node.catid) onSelect('');
    await onChanged();
  };

  const moveTargets =
    editing?.kind === 'move' ? rows.filter((row) => !descendantsOf(editing.node).includes(row.node.catid)) : [];

  return (
    <aside className="card ac-card" aria-label={t('admin.questions.cat.title')} data-testid="category-panel">
      <h2 className="ac-subtitle">{t('admin.questions.cat.title')}</h2>
      <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 12px' }}>
        <li>
          <button
            type="button"
            className={`btn btn-text btn-small${selected === '' ? ' is-on' : ''}`}
            aria-pressed={selected === ''}
            onClick={() => onSelect('')}
          >
            {t('admin.questions.cat.all')}
          </button>
        </li>
        {rows.map(({ node, depth }) => (
          <li key={node.catid} style={{ paddingLeft: depth * 14 }} data-testid="category-row" data-catid={node.catid}>
            <button
              type="button"
              className={`btn btn-text btn-small${selected === node.catid ? ' is-on' : ''}`}
              aria-pressed={selected === node.catid}
              onClick={() => onSelect(node.catid)}
            >
              {node.title} <span className="ac-muted">({node.total})</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="ac-row-actions" style={{ flexWrap: 'wrap' }}>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => open({ kind: 'add', parentId: '0' })}
          data-testid="add-category"
        >
          {t('admin.questions.cat.add')}
        </button>
        {chosen && (
          <>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => open({ kind: 'add', parentId: chosen.catid })}
            >
              {t('admin.questions.cat.addChild')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => open({ kind: 'rename', node: chosen })}>
              {t('admin.questions.cat.rename')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => open({ kind: 'move', node: chosen })}>
              {t('admin.questions.cat.move')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-danger-outline"
              onClick={() => void handleDelete(chosen)}
              data-testid="delete-category"
            >
              {t('admin.questions.cat.delete')}
            </button>
          </>
        )}
      </div>
      {editing && (
        <Modal
          title={
            editing.kind === 'add'
              ? editing.parentId === '0'
                ? t('admin.questions.cat.add')
                : t('admin.questions.cat.addChild')
              : editing.kind === 'rename'
                ? t('admin.questions.cat.rename')
                : t('admin.questions.cat.move')
          }
          submitText={t('admin.questions.form.save')}
          onSubmit={() => void handleSubmit()}
          onClose={() => setEditing(null)}
          busy={busy}
          testId="category-dialog"
        >
          {editing.kind === 'move' ? (
            <Field label={t('admin.questions.cat.parent')}>
              <select value={parent} onChange={(event) => setParent(event.target.value)}>
                <option value="0">{t('admin.questions.cat.top')}</option>
                {moveTargets.map(({ node, depth }) => (
                  <option key={node.catid} value={node.catid}>
                    {`${'\u00a0\u00a0'.repeat(depth)}${node.title}`}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field label={t('admin.questions.cat.name')}>
              <input
                type="text"
                value={title}
                maxLength={QUESTION_CATEGORY_TITLE_MAX}
                required
                onChange={(event) => setTitle(event.target.value)}
                data-testid="category-title"
              />
            </Field>
          )}
        </Modal>
      )}
    </aside>
  );
}
