import { useState } from 'react';
import { grantCalls } from '../../../../shared/calls/grants';
import type { Reply } from '../../../../shared/envelope';
import type { GrantKind, GrantResult } from '../../../../shared/schemas/grants';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { type PickedStudent, StudentGroupPicker } from '../../components/StudentGroupPicker';

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
  const [picked, setPicked] = useState<PickedStudent[]>([]);
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
        <StudentGroupPicker picked={picked} onPicked={setPicked} gids={gids} onGids={setGids} prefix="grant" />
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
