import { useState } from 'react';
import { planCalls } from '../../../shared/calls/plans';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { useGroups } from '../hooks/useCatalogue';
import { Check } from './Field';

export interface PickedStudent {
  sid: string;
  name: string;
  username: string;
}

/**
 * Students picked by search (planCalls.students) and whole groups of the school, for the grant dialogs of a
 * course or column (grants) and of a membership plan (members). The caller keeps what is picked; test ids
 * start with `prefix` (grant-student-search, member-picked, ...).
 */
export function StudentGroupPicker({
  picked,
  onPicked,
  gids,
  onGids,
  prefix,
}: {
  picked: PickedStudent[];
  onPicked: (next: PickedStudent[]) => void;
  gids: string[];
  onGids: (next: string[]) => void;
  prefix: string;
}) {
  const t = useT();
  const groups = useGroups();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const found = useCall(planCalls.students, keyword === null ? null : { query: { keyword } });
  const pickedIds = new Set(picked.map((student) => student.sid));
  return (
    <>
      <fieldset className="ac-fieldset">
        <legend className="ac-label">{t('admin.grants.students')}</legend>
        {/* Not a form of its own: the dialog is the form (Enter here searches instead of granting). */}
        <div className="ac-inline-form" role="search">
          <input
            type="search"
            value={draft}
            maxLength={50}
            placeholder={t('admin.grants.studentSearch')}
            aria-label={t('admin.grants.studentSearch')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              setKeyword(draft.trim());
            }}
            data-testid={`${prefix}-student-search`}
          />
          <button type="button" className="btn btn-small" onClick={() => setKeyword(draft.trim())}>
            {t('common.search')}
          </button>
        </div>
        <ul className="pl-pick-list">
          {(found.data?.students ?? []).map((student) => (
            <li key={student.sid} data-testid={`${prefix}-student-option`}>
              <span>
                {student.name} <span className="ac-muted">{student.username}</span>
              </span>
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={pickedIds.has(student.sid)}
                onClick={() => onPicked([...picked, student])}
              >
                {t('admin.grants.add')}
              </button>
            </li>
          ))}
        </ul>
        {picked.length > 0 && (
          <>
            <p className="ac-hint">{t('admin.grants.chosen', { count: picked.length })}</p>
            <ul className="pl-pick-list" data-testid={`${prefix}-picked`}>
              {picked.map((student) => (
                <li key={student.sid}>
                  <span>
                    {student.name} <span className="ac-muted">{student.username}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-small btn-text"
                    onClick={() => onPicked(picked.filter((item) => item.sid !== student.sid))}
                  >
                    {t('admin.grants.remove')}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>
      <fieldset className="ac-fieldset" data-testid={`${prefix}-groups`}>
        <legend className="ac-label">{t('admin.grants.groups')}</legend>
        {groups.data && groups.groups.length === 0 && <p className="ac-muted">{t('admin.grants.noGroups')}</p>}
        <div className="ac-checks">
          {groups.groups.map((group) => (
            <Check
              key={group.gid}
              label={group.name}
              checked={gids.includes(group.gid)}
              onChange={(on) => onGids(on ? [...gids, group.gid] : gids.filter((gid) => gid !== group.gid))}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
