import type { Reminder } from '../../../../shared/rules/activity';
import { reminderText } from '../../../../shared/rules/learn-messages';
import { useLocale, useT } from '../../../i18n';
import { StudyDialog } from './StudyDialog';

/**
 * The switch reminder and the leave reminder (spec 2 Dialogs; spec 4 'Idle handling'): study is paused
 * while it shows (the page pauses the media and the heartbeat reports a pause); Continue studying goes on.
 */
export function ReminderDialog({ reminder, onContinue }: { reminder: Reminder; onContinue: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <StudyDialog
      title={t('learn.flow.reminderTitle')}
      testId={reminder.kind === 'leave' ? 'leave-reminder' : 'switch-reminder'}
      actions={[
        { label: t('learnRules.continueStudy'), onClick: onContinue, primary: true, testId: 'reminder-continue' },
      ]}
    >
      <p>{reminderText(reminder, locale)}</p>
    </StudyDialog>
  );
}
