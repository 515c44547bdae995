import { useState } from 'react';
import { redeemCalls } from '../../../shared/calls/redeem';
import type { RedeemResult } from '../../../shared/schemas/redeem';
import { useBootstrap } from '../../bootstrap';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { RedeemDialog } from './RedeemDialog';

/**
 * The redeem entries of an intro page for a signed-in student who does not hold the item: 'Redeem a code'
 * always, 'Enter an enrolment key' when the course takes one (GET enrol/key). Each opens RedeemDialog;
 * onDone hears what was given and the sentence to show.
 */
export function RedeemEntry({
  coid,
  held,
  onDone,
}: {
  /** The course (for its key); none on a column page. */
  coid?: string;
  held: boolean;
  onDone: (result: RedeemResult, message: string) => void;
}) {
  const t = useT();
  const boot = useBootstrap();
  const student = boot.role === 'student' && !held;
  const key = useCall(redeemCalls.keyStatus, student && coid ? { query: { coid } } : null);
  const [open, setOpen] = useState<'code' | 'key' | null>(null);
  if (!student) return null;
  return (
    <div className="redeem-entry" data-testid="redeem-entry">
      <button
        type="button"
        className="btn btn-text redeem-link"
        onClick={() => setOpen('code')}
        data-testid="open-redeem"
      >
        {t('redeem.open')}
      </button>
      {key.data?.has_key && (
        <button
          type="button"
          className="btn btn-text redeem-link"
          onClick={() => setOpen('key')}
          data-testid="open-key"
        >
          {t('key.open')}
        </button>
      )}
      {open && (
        <RedeemDialog
          mode={open}
          coid={coid}
          onClose={() => setOpen(null)}
          onDone={(result, message) => {
            setOpen(null);
            onDone(result, message);
          }}
        />
      )}
    </div>
  );
}
