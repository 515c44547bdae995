import { useState } from 'react';
import { memberCalls } from '../../../../shared/calls/members';
import { planCalls } from '../../../../shared/calls/plans';
import type { AdminPlan } from '../../../../shared/schemas/members';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Check } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useGroups } from '../../hooks/useCatalogue';

interface Picked {
  sid: string;
  name: string;
  username: string;
}

/**
 * Grants a plan (member/grant) to students picked by search and to the students of whole groups at this moment
 * (a later member of the group gets nothing: the hint says so).
 */
export function GrantPlanDialog({
  plan,
  onClose,
  onGranted,
}: {
  plan: AdminPlan;
  onClose: () => void;
  onGranted: () => void;
}) {
  const t = useT();
  const groups = useGroups();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const found = useCall(planCalls.students, keyword === null ? null : { query: { keyword } });
  const [picked, setPicked] = useState<Picked[]>([]);
  const [gids, setGids] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async () => {
    if (picked.length + gids.length === 0) return toast(t('admin.grants.nothingChosen'));
    setBusy(true);
    const sids = picked.map((student) => student.sid);
    const reply = await request(memberCalls.grant, { body: { plan_id: plan.id, sids, gids } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.members.grantDone', reply.data));
    onGranted();
  };

  const pickedIds = new Set(picked.map((student) => student.sid));
  return (
    <Modal
      title={t('admin.members.grantTitle', { title: plan.title })}
      submitText={t('admin.members.grant')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      wide
      testId="member-grant-dialog"
    >
      <div className="ac-stack">
        <p className="ac-hint">{t('admin.members.grantHint')}</p>
        <fieldset className="ac-fieldset">
          <legend className="ac-label">{t('admin.grants.students')}</legend>
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
              data-testid="member-student-search"
            />
            <button type="button" className="btn btn-small" onClick={() => setKeyword(draft.trim())}>
              {t('common.search')}
            </button>
          </div>
          <ul className="pl-pick-list">
            {(found.data?.students ?? []).map((student) => (
              <li key={student.sid} data-testid="member-student-option">
                <span>
                  {student.name} <span className="ac-muted">{student.username}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  disabled={pickedIds.has(student.sid)}
                  onClick={() => setPicked((current) => [...current, student])}
                >
                  {t('admin.grants.add')}
                </button>
              </li>
            ))}
          </ul>
          {picked.length > 0 && (
            <>
              <p className="ac-hint">{t('admin.grants.chosen', { count: picked.length })}</p>
              <ul className="pl-pick-list" data-testid="member-picked">
                {picked.map((student) => (
                  <li key={student.sid}>
                    <span>
                      {student.name} <span className="ac-muted">{student.username}</span>
                    </span>
                    <button
                      type="button"
                      className="btn btn-small btn-text"
                      onClick={() => setPicked((current) => current.filter((item) => item.sid !== student.sid))}
                    >
                      {t('admin.grants.remove')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </fieldset>
        <fieldset className="ac-fieldset" data-testid="member-groups">
          <legend className="ac-label">{t('admin.grants.groups')}</legend>
          {groups.data && groups.groups.length === 0 && <p className="ac-muted">{t('admin.grants.noGroups')}</p>}
          <div className="ac-checks">
            {groups.groups.map((group) => (
              <Check
                key={group.gid}
                label={group.name}
                checked={gids.includes(group.gid)}
                onChange={(on) =>
                  setGids((current) => (on ? [...current, group.gid] : current.filter((gid) => gid !== group.gid)))
                }
              />
            ))}
          </div>
        </fieldset>
      </div>
    </Modal>
  );
}
