import { useState } from 'react';
import { planCalls as calls } from '../../../../shared/calls/plans';
import type { Reply } from '../../../../shared/envelope';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { SearchForm } from '../../components/ListToolbar';
import { useGroups } from '../../hooks/useCatalogue';

/**
 * Who the plan is for: the school's groups (assign or remove each) and students (searched, then assigned);
 * the current assignees with a remove button. Students see the plan once it is approved and published.
 */
export function AssignPanel({ coid, onChanged }: { coid: string; onChanged: () => void }) {
  const t = useT();
  const assignees = useCall(calls.assignees, { query: { coid } });
  const groups = useGroups();
  const [keyword, setKeyword] = useState<string | null>(null);
  const found = useCall(calls.students, keyword === null ? null : { query: { keyword } });
  const [busy, setBusy] = useState(false);

  const change = async (work: Promise<Reply<unknown>>, done: string) => {
    setBusy(true);
    const reply = await work;
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(done);
    await assignees.mutate();
    onChanged();
  };
  const assignedGroups = new Set((assignees.data?.groups ?? []).map((group) => group.gid));
  const assignedStudents = new Set((assignees.data?.students ?? []).map((student) => student.sid));

  return (
    <section className="card ac-card pl-assign" aria-labelledby="plan-assign" data-testid="plan-assign">
      <h2 id="plan-assign" className="section-title">
        {t('admin.plans.assignTitle')}
      </h2>
      <p className="ac-hint">{t('admin.plans.assignHint')}</p>
      <div className="pl-assign-grid">
        <div>
          <h3 className="ac-subtitle">{t('admin.plans.groups')}</h3>
          {groups.data && groups.groups.length === 0 && <p className="ac-muted">{t('admin.plans.noGroups')}</p>}
          <ul className="pl-pick-list">
            {groups.groups.map((group) => {
              const on = assignedGroups.has(group.gid);
              return (
                <li key={group.gid} data-testid="group-option" data-gid={group.gid}>
                  <span>{group.name}</span>
                  <button
                    type="button"
                    className={`btn btn-small${on ? '' : ' btn-primary'}`}
                    disabled={busy}
                    onClick={() =>
                      void change(
                        request(on ? calls.unassign : calls.assign, { body: { coid, gids: [group.gid] } }),
                        on ? t('admin.plans.removedDone') : t('admin.plans.assignedDone'),
                      )
                    }
                    aria-label={`${on ? t('admin.plans.remove') : t('admin.plans.assignGroup')} ${group.name}`}
                  >
                    {on ? t('admin.plans.remove') : t('admin.plans.assignGroup')}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h3 className="ac-subtitle">{t('admin.plans.students')}</h3>
          <SearchForm placeholder={t('admin.plans.studentSearch')} maxLength={50} onSearch={setKeyword} />
          <ul className="pl-pick-list">
            {(found.data?.students ?? []).map((student) => {
              const on = assignedStudents.has(student.sid);
              return (
                <li key={student.sid} data-testid="student-option">
                  <span>
                    {student.name} <span className="ac-muted">{student.username}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={busy || on}
                    onClick={() =>
                      void change(
                        request(calls.assign, { body: { coid, sids: [student.sid] } }),
                        t('admin.plans.assignedDone'),
                      )
                    }
                  >
                    {on ? t('admin.plans.assignedDone') : t('admin.plans.assignStudent')}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <h3 className="ac-subtitle">{t('admin.plans.assigned')}</h3>
      {assignees.data && assignees.data.students.length + assignees.data.groups.length === 0 ? (
        <p className="ac-muted" data-testid="no-assignees">
          {t('admin.plans.noAssignees')}
        </p>
      ) : (
        <ul className="pl-pick-list" data-testid="assignees">
          {(assignees.data?.groups ?? []).map((group) => (
            <li key={`g${group.gid}`} data-testid="assigned-group">
              <span>
                <span className="badge">{t('admin.plans.groups')}</span> {group.name}{' '}
                <span className="ac-muted">{t('admin.plans.members', { count: group.members })}</span>
              </span>
              <button
                type="button"
                className="btn btn-small btn-text"
                disabled={busy}
                onClick={() =>
                  void change(
                    request(calls.unassign, { body: { coid, gids: [group.gid] } }),
                    t('admin.plans.removedDone'),
                  )
                }
              >
                {t('admin.plans.remove')}
              </button>
            </li>
          ))}
          {(assignees.data?.students ?? []).map((student) => (
            <li key={`s${student.sid}`} data-testid="assigned-student">
              <span>
                {student.name} <span className="ac-muted">{student.username}</span>
              </span>
              <button
                type="button"
                className="btn btn-small btn-text"
                disabled={busy}
                onClick={() =>
                  void change(
                    request(calls.unassign, { body: { coid, sids: [student.sid] } }),
                    t('admin.plans.removedDone'),
                  )
                }
              >
                {t('admin.plans.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
