import { useState } from 'react';
import { grantCalls } from '../../../../shared/calls/grants';
import { planCalls } from '../../../../shared/calls/plans';
import type { Reply } from '../../../../shared/envelope';
import type { GrantKind, GrantResult } from '../../../../shared/schemas/grants';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useGroups } from '../../hooks/useCatalogue';

interface Picked {
  sid: string;
  name: string;
  username: string;
}

/**
 * The grant dialog of a course or column: students picked by search, whole groups (present and future
 * members), a file of user names; the course's validity or an end date. Names the file lists that are no
 * student of the school are shown after the grant.
 */
export function GrantDialog({
  kind,
  id,
  onClose,
  onGranted,
}: {
  kind: GrantKind;
  id: string;
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
  const [file, setFile] = useState<File | null>(null);
  const [dated, setDated] = useState(false);
  const [until, setUntil] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async () => {
    if (picked.length + gids.length === 0 && !file) return toast(t('admin.grants.nothingChosen'));
    const end = dated && until ? until : null;
    setBusy(true);
    const replies: Reply<GrantResult>[] = [];
    if (picked.length + gids.length > 0) {
      const sids = picked.map((student) => student.sid);
      replies.push(await request(grantCalls.add, { body: { kind, id, sids, gids, until: end } }));
    }
    if (file && !replies.some((reply) => reply.status !== 'ok')) {
      const form = new FormData();
      form.append('kind', kind);
      form.append('id', id);
      if (end) form.append('until', end);
      form.append('file', file);
      replies.push(await request(grantCalls.upload, { body: form }));
    }
    setBusy(false);
    const failed = replies.find((reply) => reply.status !== 'ok');
    if (failed) return toast(failureText(t, failed));
    const sum = { granted: 0, changed: 0, unchanged: 0, notFound: [] as string[] };
    for (const reply of replies) {
      if (reply.status !== 'ok') continue;
      sum.granted += reply.data.granted;
      sum.changed += reply.data.changed;
      sum.unchanged += reply.data.unchanged;
      sum.notFound.push(...reply.data.notFound);
    }
    toast(t('admin.grants.done', { granted: sum.granted, changed: sum.changed, unchanged: sum.unchanged }));
    if (sum.notFound.length > 0) toast(t('admin.grants.notFound', { names: sum.notFound.join('、') }), 10_000);
    onGranted();
  };

  const pickedIds = new Set(picked.map((student) => student.sid));
  return (
    <Modal
      title={t(kind === 'course' ? 'admin.grants.dialogTitle' : 'admin.grants.dialogTitleColumn')}
      submitText={t(kind === 'course' ? 'admin.grants.grant' : 'admin.grants.grantColumn')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      wide
      testId="grant-dialog"
    >
      <div className="ac-stack">
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
              data-testid="grant-student-search"
            />
            <button type="button" className="btn btn-small" onClick={() => setKeyword(draft.trim())}>
              {t('common.search')}
            </button>
          </div>
          <ul className="pl-pick-list">
            {(found.data?.students ?? []).map((student) => (
              <li key={student.sid} data-testid="grant-student-option">
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
              <ul className="pl-pick-list" data-testid="grant-picked">
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
        <fieldset className="ac-fieldset" data-testid="grant-groups">
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
        <Field label={t('admin.grants.file')} name="file" hint={t('admin.grants.fileHint')} wide>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="grant-file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Field>
        <fieldset className="ac-fieldset">
          <legend className="ac-label">{t('admin.grants.until')}</legend>
          <div className="ac-checks">
            <label className="ac-check">
              <input type="radio" name="grant-until" checked={!dated} onChange={() => setDated(false)} />
              <span>{t('admin.grants.untilCourse')}</span>
            </label>
            <label className="ac-check">
              <input type="radio" name="grant-until" checked={dated} onChange={() => setDated(true)} />
              <span>{t('admin.grants.untilDate')}</span>
            </label>
          </div>
          {dated && (
            <input
              type="date"
              aria-label={t('admin.grants.untilDay')}
              value={until}
              required
              onChange={(event) => setUntil(event.target.value)}
              data-testid="grant-until"
            />
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
