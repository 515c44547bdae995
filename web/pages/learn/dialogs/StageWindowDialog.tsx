import { learnRuleText, stageWindowText } from '../../../../shared/rules/learn-messages';
import { useLocale, useT } from '../../../i18n';
import { StudyDialog } from './StudyDialog';

export interface StageWindowInfo {
  message: 'stageNotOpen' | 'stageClosed';
  window: { start: number; end: number | null } | null;
}

/**
 * Spec 4 'Staged plan': "Before opening, a dialog shows the opening window with Confirm or Return to plan.
 * Messages: the next subsection is not open yet." Confirm closes it; Return to plan opens the plan's
 * detail (study/detail with coid).
 */
export function StageWindowDialog({
  info,
  planHref,
  onConfirm,
}: {
  info: StageWindowInfo;
  planHref: string;
  onConfirm: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <StudyDialog
      title={t('learn.flow.stageTitle')}
      testId="stage-window"
      onClose={onConfirm}
      actions={[
        {
          label: t('learnRules.returnToPlan'),
          onClick: () => window.location.assign(planHref),
          testId: 'stage-return',
        },
        { label: t('learnRules.confirm'), onClick: onConfirm, primary: true, testId: 'stage-confirm' },
      ]}
    >
      <p>{learnRuleText(info.message, locale)}</p>
      {info.window && (
        <p className="studyflow-window" data-testid="stage-window-text">
          {stageWindowText(info.window, locale)}
        </p>
      )}
    </StudyDialog>
  );
}
