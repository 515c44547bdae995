import { useState } from 'react';
import { memberCalls } from '../../../../shared/calls/members';
import type { AdminPlan } from '../../../../shared/schemas/members';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Modal } from '../../components/Modal';
import { type PickedStudent, StudentGroupPicker } from '../../components/StudentGroupPicker';

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
  const [picked, setPicked] = useState<PickedStudent[]>([]);
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
        <StudentGroupPicker picked={picked} onPicked={setPicked} gids={gids} onGids={setGids} prefix="member" />
      </div>
    </Modal>
  );
}
